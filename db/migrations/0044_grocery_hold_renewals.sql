CREATE TABLE "grocery_hold_renewals" (
	"replaced_intent_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"renewed_intent_id" text,
	"hold_cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"decline_code" text,
	"replaced_released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grocery_hold_renewals_renewedIntentId_unique" UNIQUE("renewed_intent_id"),
	CONSTRAINT "grocery_hold_renewals_outcome_known" CHECK (outcome in ('renewed', 'declined')),
	CONSTRAINT "grocery_hold_renewals_renewed_has_hold" CHECK (outcome = 'declined' or renewed_intent_id is not null)
);
--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "grocery_hold_renewals_order_idx" ON "grocery_hold_renewals" USING btree ("order_id");--> statement-breakpoint
-- A hold standing on an order was authorized when the order was placed on it.
UPDATE "grocery_holds" AS hold SET "authorized_at" = placed."authorized_at" FROM "orders" AS placed WHERE placed."id" = hold."order_id" AND hold."authorized_at" IS NULL;
