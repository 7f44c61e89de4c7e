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
ALTER TABLE "embedded_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "embedded_payment_intents" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "embedded_payment_methods" ADD CONSTRAINT "embedded_payment_methods_customer_id_embedded_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."embedded_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_payment_methods_customer_idx" ON "embedded_payment_methods" USING btree ("customer_id");