CREATE TABLE IF NOT EXISTS "barber_days" (
	"barber_id" integer NOT NULL,
	"day" text NOT NULL,
	"shifts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barber_days_barber_id_day_pk" PRIMARY KEY("barber_id","day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "barbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"pob_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"photo" text,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specialities" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" integer,
	"week" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chair" integer,
	"on_duty_since" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "barber_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "served_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "barber_changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "barber_log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "barber_released" jsonb;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "barber_days" ADD CONSTRAINT "barber_days_barber_id_barbers_id_fk" FOREIGN KEY ("barber_id") REFERENCES "barbers"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "barbers" ADD CONSTRAINT "barbers_pob_id_pobs_id_fk" FOREIGN KEY ("pob_id") REFERENCES "pobs"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "barbers_pob_idx" ON "barbers" USING btree ("pob_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "barbers_one_per_chair" ON "barbers" USING btree ("pob_id","chair") WHERE chair is not null;