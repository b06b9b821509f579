CREATE INDEX "orders_pob_joined_idx" ON "orders" USING btree ("pob_id","joined_at");--> statement-breakpoint
CREATE INDEX "orders_pob_ticket_idx" ON "orders" USING btree ("pob_id","ticket");