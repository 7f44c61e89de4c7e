ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_matches_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_positive";--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each order's payment moves to the intent it holds, as the order recorded it. An order from before
-- checkout_intents existed gets its intent's record first.
INSERT INTO "checkout_intents" ("payment_intent_id", "buyer_id", "amount_cents", "order_id", "created_at")
  SELECT "payment_intent_id", "buyer_id", "total_cents", "id", "created_at" FROM "orders"
  ON CONFLICT ("payment_intent_id") DO NOTHING;--> statement-breakpoint
UPDATE "checkout_intents" SET "order_id" = "orders"."id", "payment_status" = "orders"."payment_status", "refunded_cents" = "orders"."refunded_cents"
  FROM "orders" WHERE "orders"."payment_intent_id" = "checkout_intents"."payment_intent_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_cents";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_positive" CHECK (platform_fee_cents >= 0 and tip_cents >= 0 and total_cents = platform_fee_cents + tip_cents);--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD CONSTRAINT "checkout_intents_payment_status_known" CHECK (payment_status in ('authorized', 'captured', 'cancelled', 'capture_failed', 'partially_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD CONSTRAINT "checkout_intents_held_by_order" CHECK ((order_id is null) = (payment_status is null));--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD CONSTRAINT "checkout_intents_refund_within_amount" CHECK (refunded_cents between 0 and amount_cents);