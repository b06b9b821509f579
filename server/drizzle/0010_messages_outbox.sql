CREATE TABLE IF NOT EXISTS "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"recipient" text NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"pob_id" integer,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"claim_token" text,
	"claimed_until" timestamp with time zone,
	"provider" text,
	"provider_id" text,
	"last_error" text,
	"attempt_log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shop_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"pob_id" integer NOT NULL,
	"staff_id" integer,
	"text" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sms_inbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"text" text NOT NULL,
	"outcome" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "alert_ahead" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "alert_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "alert_channel" text;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN IF NOT EXISTS "waiting_notice" text;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN IF NOT EXISTS "waiting_notice_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN IF NOT EXISTS "waiting_notice_at" timestamp with time zone;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shop_notices" ADD CONSTRAINT "shop_notices_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_provider_idx" ON "outbox" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_order_idx" ON "outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_notices_pob_idx" ON "shop_notices" USING btree ("pob_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_inbound_provider_id_idx" ON "sms_inbound" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_inbound_from_idx" ON "sms_inbound" USING btree ("from_phone","received_at");