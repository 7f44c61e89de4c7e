CREATE TABLE "embedded_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_intent_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"gateway_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cancel_reason_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_matches_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "runner_availability" ADD COLUMN "releases_forgiven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "embedded_refunds" ADD CONSTRAINT "embedded_refunds_intent_id_embedded_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."embedded_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_refunds_intent_idx" ON "embedded_refunds" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "refunds_intent_idx" ON "refunds" USING btree ("payment_intent_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK (payment_status in ('authorized', 'captured', 'cancelled', 'capture_failed', 'partially_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_known" CHECK (cancel_reason is null or cancel_reason in ('buyer', 'expired', 'capture_failed', 'support', 'runner_no_show', 'runner_released'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_positive" CHECK (platform_fee_cents >= 0 and tip_cents >= 0 and total_cents = platform_fee_cents + tip_cents and refunded_cents between 0 and total_cents);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_matches_status" CHECK ((status = 'pending_runner_acceptance' and payment_status = 'authorized')
        or (status = 'runner_accepted' and payment_status in ('authorized', 'captured', 'partially_refunded', 'refunded'))
        or (status in ('picked_up', 'delivered') and payment_status in ('captured', 'partially_refunded', 'refunded'))
        or (status = 'cancelled' and payment_status in ('cancelled', 'capture_failed', 'captured', 'partially_refunded', 'refunded')));