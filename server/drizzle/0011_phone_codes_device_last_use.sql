CREATE TABLE IF NOT EXISTS "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"phone" text NOT NULL,
	"order_id" integer,
	"code_hash" text NOT NULL,
	"requested_from" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "last_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone");
