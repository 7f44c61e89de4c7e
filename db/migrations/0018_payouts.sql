CREATE TABLE "embedded_account_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"return_url" text NOT NULL,
	"refresh_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"metadata" jsonb NOT NULL,
	"email" text,
	"legal_name" text,
	"date_of_birth" date,
	"ssn_last4" text,
	"routing_number" text,
	"bank_account_last4" text,
	"bank_payouts_fail" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"payout_failed" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embedded_connected_accounts_ssn_last4" CHECK (ssn_last4 ~ '^[0-9]{4}$'),
	CONSTRAINT "embedded_connected_accounts_bank_last4" CHECK (bank_account_last4 ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "embedded_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedded_payouts_status_known" CHECK (status in ('paid', 'failed')),
	CONSTRAINT "embedded_payouts_amount_positive" CHECK (amount_cents > 0),
	CONSTRAINT "embedded_payouts_failure_when_failed" CHECK ((status = 'failed') = (failure_code is not null))
);
--> statement-breakpoint
CREATE TABLE "embedded_transfer_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedded_transfer_reversals_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "embedded_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"transfer_group" text NOT NULL,
	"source_intent_id" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedded_transfers_amount_positive" CHECK (amount_cents > 0),
	CONSTRAINT "embedded_transfers_reversed_within_amount" CHECK (reversed_cents between 0 and amount_cents)
);
--> statement-breakpoint
CREATE TABLE "stripe_request_pacing" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"runner_id" uuid PRIMARY KEY NOT NULL,
	"gateway_account_id" text NOT NULL,
	"status" text NOT NULL,
	"restricted_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_gatewayAccountId_unique" UNIQUE("gateway_account_id")
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"runner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"line_id" uuid,
	"amount_cents" integer,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"runner_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"captured_cents" integer NOT NULL,
	"platform_share_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"transferring_cents" integer,
	"transfer_attempt" integer DEFAULT 0 NOT NULL,
	"transfer_id" text,
	"transferred_cents" integer,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_lines_order_kind_unique" UNIQUE("order_id","kind"),
	CONSTRAINT "payout_lines_amounts" CHECK (amount_cents >= 0 and platform_share_cents >= 0 and reversed_cents >= 0 and reversed_cents <= coalesce(transferred_cents, 0)),
	CONSTRAINT "payout_lines_paid_with_transfer" CHECK ((paid_at is null) = (transfer_id is null) and (paid_at is null) = (transferred_cents is null))
);
--> statement-breakpoint
CREATE TABLE "payout_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"gateway_reversal_id" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payout_reversals_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "runner_tallies" DROP CONSTRAINT "runner_tallies_not_negative";--> statement-breakpoint
ALTER TABLE "embedded_account_links" ADD CONSTRAINT "embedded_account_links_account_id_embedded_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."embedded_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_payouts" ADD CONSTRAINT "embedded_payouts_account_id_embedded_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."embedded_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_transfer_reversals" ADD CONSTRAINT "embedded_transfer_reversals_transfer_id_embedded_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."embedded_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_transfers" ADD CONSTRAINT "embedded_transfers_destination_embedded_connected_accounts_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."embedded_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_transfers" ADD CONSTRAINT "embedded_transfers_source_intent_id_embedded_payment_intents_id_fk" FOREIGN KEY ("source_intent_id") REFERENCES "public"."embedded_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD CONSTRAINT "payout_reversals_line_id_payout_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."payout_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_account_links_account_idx" ON "embedded_account_links" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "embedded_connected_accounts_payable_idx" ON "embedded_connected_accounts" USING btree ("id") WHERE balance_cents > 0 and payouts_enabled;--> statement-breakpoint
CREATE INDEX "embedded_payouts_account_idx" ON "embedded_payouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "embedded_transfer_reversals_transfer_idx" ON "embedded_transfer_reversals" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "embedded_transfers_group_idx" ON "embedded_transfers" USING btree ("transfer_group","created_at");--> statement-breakpoint
CREATE INDEX "embedded_transfers_source_idx" ON "embedded_transfers" USING btree ("source_intent_id");--> statement-breakpoint
CREATE INDEX "payout_events_undispatched_idx" ON "payout_events" USING btree ("id") WHERE dispatched_at is null;--> statement-breakpoint
CREATE INDEX "payout_lines_runner_idx" ON "payout_lines" USING btree ("runner_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_lines_unpaid_idx" ON "payout_lines" USING btree ("available_at") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "payout_reversals_line_idx" ON "payout_reversals" USING btree ("line_id");--> statement-breakpoint
ALTER TABLE "runner_tallies" DROP COLUMN "earnings_cents";--> statement-breakpoint
ALTER TABLE "runner_tallies" ADD CONSTRAINT "runner_tallies_not_negative" CHECK (deliveries >= 0 and mutual_ratings >= 0 and mutual_stars >= 0);
--> statement-breakpoint
-- Orders delivered before the ledger existed earn their lines now, as a delivery would have written them (no platform share, the default; a day's window from delivery), so their runners are paid on the first run after onboarding.
INSERT INTO "payout_lines" ("runner_id", "order_id", "kind", "payment_intent_id", "captured_cents", "platform_share_cents", "amount_cents", "held", "available_at", "created_at", "updated_at")
SELECT o."runner_id", o."id", 'delivery', o."payment_intent_id", ci."amount_cents", 0, greatest(0, ci."amount_cents" - ci."refunded_cents"),
  exists (select 1 from "order_problems" p where p."order_id" = o."id" and p."status" = 'open'),
  o."delivered_at" + interval '24 hours', o."delivered_at", o."delivered_at"
FROM "orders" o JOIN "checkout_intents" ci ON ci."payment_intent_id" = o."payment_intent_id"
WHERE o."status" = 'delivered' AND o."runner_id" IS NOT NULL AND o."delivered_at" IS NOT NULL
ON CONFLICT DO NOTHING;
