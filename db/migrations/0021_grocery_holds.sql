CREATE TABLE "embedded_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"charge_decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grocery_holds" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"checkout_intent_id" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"order_id" uuid,
	"hold_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grocery_holds_checkoutIntentId_unique" UNIQUE("checkout_intent_id"),
	CONSTRAINT "grocery_holds_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "grocery_holds_status_known" CHECK (status in ('requires_payment_method', 'authorized', 'captured', 'cancelled', 'capture_failed', 'partially_refunded', 'refunded')),
	CONSTRAINT "grocery_holds_held_by_order" CHECK (case when order_id is null then status in ('requires_payment_method', 'cancelled') else status <> 'requires_payment_method' end),
	CONSTRAINT "grocery_holds_capture_within_hold" CHECK (captured_cents between 0 and hold_cents),
	CONSTRAINT "grocery_holds_refund_within_capture" CHECK (refunded_cents between 0 and captured_cents)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"buyer_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_buyer_id_gateway_pk" PRIMARY KEY("buyer_id","gateway")
);
--> statement-breakpoint
ALTER TABLE "embedded_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "embedded_payment_intents" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "embedded_payment_methods" ADD CONSTRAINT "embedded_payment_methods_customer_id_embedded_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."embedded_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD CONSTRAINT "grocery_holds_checkout_intent_id_checkout_intents_payment_intent_id_fk" FOREIGN KEY ("checkout_intent_id") REFERENCES "public"."checkout_intents"("payment_intent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD CONSTRAINT "grocery_holds_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_payment_methods_customer_idx" ON "embedded_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "grocery_holds_authorized_idx" ON "grocery_holds" USING btree ("order_id") WHERE status = 'authorized';