CREATE TABLE "wait_estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pob_id" integer NOT NULL,
	"priority" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"model_p10" double precision NOT NULL,
	"model_p50" double precision NOT NULL,
	"model_p90" double precision NOT NULL,
	"wait" integer NOT NULL,
	"low" integer NOT NULL,
	"high" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wait_low" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wait_high" integer;--> statement-breakpoint
ALTER TABLE "wait_estimates" ADD CONSTRAINT "wait_estimates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wait_estimates_pob_at_idx" ON "wait_estimates" USING btree ("pob_id","at");--> statement-breakpoint
CREATE INDEX "wait_estimates_order_idx" ON "wait_estimates" USING btree ("order_id");