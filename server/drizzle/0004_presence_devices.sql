CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"pob_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "devices_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ticket" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notify_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "travel_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "travel_mode" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "travel_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "leave_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "set_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deferred_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "defer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejoined_from" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wait_basis" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wait_change" jsonb;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN "display_names" text DEFAULT 'first_name' NOT NULL;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN "hold_grace_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_pob_idx" ON "devices" USING btree ("pob_id");