-- Issue 32/33 (helper 3233): the shop's alert default, the outbox's crash-recovery mark, and an index
-- for the failed-alert count of the boards. Expand only.
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN IF NOT EXISTS "alert_default_ahead" integer;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN IF NOT EXISTS "alert_default_minutes" integer;--> statement-breakpoint
ALTER TABLE "pobs" ADD COLUMN IF NOT EXISTS "alert_default_channel" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_failed_alerts_idx" ON "outbox" USING btree ("updated_at","pob_id") WHERE status in ('failed', 'expired', 'unknown') and purpose in ('turnNear', 'leaveNow');