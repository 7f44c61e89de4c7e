DROP INDEX "orders_pending_authorized_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offers_open_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offers_fanned_out_at" timestamp with time zone;--> statement-breakpoint
-- Every order placed so far was offered, and its runners told, when it was placed.
UPDATE "orders" SET "offers_open_at" = "created_at", "offers_fanned_out_at" = "created_at", "scheduled_until" = "scheduled_for" + interval '2 hours';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "offers_open_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_offers_open_at_idx" ON "orders" USING btree ("offers_open_at") WHERE status = 'pending_runner_acceptance';--> statement-breakpoint
CREATE INDEX "orders_store_window_idx" ON "orders" USING btree ("store_id","scheduled_for") WHERE scheduled_for is not null and status <> 'cancelled';
