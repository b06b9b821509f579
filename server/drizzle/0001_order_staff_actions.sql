ALTER TABLE "orders" ADD COLUMN "started_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_action" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_action_at" timestamp with time zone;