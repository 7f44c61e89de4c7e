CREATE TABLE "checkout_intents" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" uuid,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"intent_id" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"capture_decline_code" text,
	"last_decline_code" text,
	"failed_confirmations" integer DEFAULT 0 NOT NULL,
	"amount_captured" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"authorized_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "embedded_payment_intents_clientSecretHash_unique" UNIQUE("client_secret_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"payment_intent_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_stripePaymentIntentId_unique";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_latitude" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_longitude" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_grocery_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "actual_grocery_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_area" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorized_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD CONSTRAINT "checkout_intents_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_intents_buyer_idx" ON "checkout_intents" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "checkout_intents_open_idx" ON "checkout_intents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_events_order_id_idx" ON "payment_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("payment_intent_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_authorized_at_idx" ON "orders" USING btree ("authorized_at") WHERE status = 'pending_runner_acceptance';--> statement-breakpoint
-- Money moves to integer cents: the dollar columns are converted, then dropped.
UPDATE "orders" SET "platform_fee_cents" = round("platform_fee" * 100), "tip_cents" = round("tip" * 100), "total_cents" = round("total_amount" * 100),
  "estimated_grocery_cents" = round("estimated_grocery_cost" * 100), "actual_grocery_cents" = round("actual_grocery_cost" * 100);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "platform_fee_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tip_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "estimated_grocery_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "platform_fee";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tip";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "total_amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stripe_payment_intent_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "estimated_grocery_cost";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "actual_grocery_cost";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paymentIntentId_unique" UNIQUE("payment_intent_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK (payment_status in ('authorized', 'captured', 'cancelled', 'capture_failed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_known" CHECK (cancel_reason is null or cancel_reason in ('buyer', 'expired', 'capture_failed', 'support'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_positive" CHECK (platform_fee_cents >= 0 and tip_cents >= 0 and total_cents = platform_fee_cents + tip_cents);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_matches_status" CHECK ((status = 'pending_runner_acceptance' and payment_status = 'authorized')
        or (status = 'runner_accepted' and payment_status in ('authorized', 'captured'))
        or (status in ('picked_up', 'delivered') and payment_status = 'captured')
        or (status = 'cancelled' and payment_status in ('cancelled', 'capture_failed')));