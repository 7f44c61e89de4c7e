DROP INDEX "order_ratings_ratee_idx";--> statement-breakpoint
ALTER TABLE "order_ratings" ADD COLUMN "mutual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD COLUMN "reveal_at" timestamp with time zone;--> statement-breakpoint
-- Ratings made before: shown a week after their order's delivery, and at once where both sides rated.
UPDATE "order_ratings" r SET "reveal_at" = o."delivered_at" + interval '7 days' FROM "orders" o WHERE o."id" = r."order_id";--> statement-breakpoint
UPDATE "order_ratings" r SET "mutual" = true WHERE (SELECT count(*) FROM "order_ratings" other WHERE other."order_id" = r."order_id") = 2;--> statement-breakpoint
ALTER TABLE "order_ratings" ALTER COLUMN "reveal_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_runner_delivered_idx" ON "orders" USING btree ("runner_id","delivered_at","platform_fee_cents","tip_cents") WHERE status = 'delivered';--> statement-breakpoint
CREATE INDEX "order_ratings_ratee_idx" ON "order_ratings" USING btree ("ratee_id","ratee_role","mutual","reveal_at","stars");
