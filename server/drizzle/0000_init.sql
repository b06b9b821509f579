CREATE TABLE "benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text,
	"value" text,
	"is_redeemable" boolean DEFAULT true NOT NULL,
	"redeem_code" text,
	"date_issued" timestamp with time zone DEFAULT now() NOT NULL,
	"date_redeemed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"allow_email" boolean DEFAULT false NOT NULL,
	"allow_sms" boolean DEFAULT true NOT NULL,
	"app_language" text DEFAULT 'fi_FI' NOT NULL,
	"city" text,
	"date_of_birth" text,
	"post_code" text,
	"sex" text,
	"street_address" text,
	"tutorial_seen" boolean DEFAULT false NOT NULL,
	"fcm_token" text,
	"membership_type" text,
	"membership_begin" text,
	"membership_end" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"wp_prem_credits" integer DEFAULT 0 NOT NULL,
	"wp_prod_credits" integer DEFAULT 0 NOT NULL,
	"bonus_amount" double precision,
	"bonus_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_message_id_customer_id_pk" PRIMARY KEY("message_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"pob_id" integer NOT NULL,
	"customer_id" integer,
	"source" text DEFAULT 'app' NOT NULL,
	"walk_in_name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"rank" double precision NOT NULL,
	"customer_at_pob" boolean DEFAULT false NOT NULL,
	"checked_in_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"chair" integer,
	"planned_minutes" integer NOT NULL,
	"shown_wait" integer,
	"wait_estimate" integer,
	"notified_at" timestamp with time zone,
	"items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"latitude" text NOT NULL,
	"longitude" text NOT NULL,
	"time_zone" text NOT NULL,
	"image" text,
	"notice" text,
	"queue_state" text DEFAULT 'open' NOT NULL,
	"chairs" integer DEFAULT 2 NOT NULL,
	"open_times" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"customer_id" integer NOT NULL,
	"pob_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" jsonb NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"type" text DEFAULT 'sale' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "service_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"pob_id" integer NOT NULL,
	"title" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"parent" integer
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"pob_id" integer NOT NULL,
	"group_id" integer,
	"parent_service_id" integer,
	"title" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"long_description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"duration" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"pob_id" integer NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'barber' NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_group_id_service_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "service_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pob_status_idx" ON "orders" USING btree ("pob_id","status");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_active_per_customer" ON "orders" USING btree ("customer_id") WHERE status = 'active' and customer_id is not null;--> statement-breakpoint
CREATE INDEX "receipts_customer_idx" ON "receipts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_customer_idx" ON "recovery_codes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE INDEX "services_pob_idx" ON "services" USING btree ("pob_id");