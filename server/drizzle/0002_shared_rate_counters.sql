CREATE TABLE "known_addresses" (
	"identity" text NOT NULL,
	"address" text NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "known_addresses_identity_address_pk" PRIMARY KEY("identity","address")
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD COLUMN "requested_from" text;--> statement-breakpoint
CREATE INDEX "rate_counters_reset_idx" ON "rate_counters" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "recovery_codes" DROP COLUMN "attempts";