ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "start_presence" jsonb;
