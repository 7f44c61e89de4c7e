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
ALTER TABLE "embedded_account_links" ADD CONSTRAINT "embedded_account_links_account_id_embedded_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."embedded_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_payouts" ADD CONSTRAINT "embedded_payouts_account_id_embedded_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."embedded_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_transfer_reversals" ADD CONSTRAINT "embedded_transfer_reversals_transfer_id_embedded_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."embedded_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_transfers" ADD CONSTRAINT "embedded_transfers_destination_embedded_connected_accounts_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."embedded_connected_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_transfers" ADD CONSTRAINT "embedded_transfers_source_intent_id_embedded_payment_intents_id_fk" FOREIGN KEY ("source_intent_id") REFERENCES "public"."embedded_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_account_links_account_idx" ON "embedded_account_links" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "embedded_connected_accounts_payable_idx" ON "embedded_connected_accounts" USING btree ("id") WHERE balance_cents > 0 and payouts_enabled;--> statement-breakpoint
CREATE INDEX "embedded_payouts_account_idx" ON "embedded_payouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "embedded_transfer_reversals_transfer_idx" ON "embedded_transfer_reversals" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "embedded_transfers_group_idx" ON "embedded_transfers" USING btree ("transfer_group","created_at");--> statement-breakpoint
CREATE INDEX "embedded_transfers_source_idx" ON "embedded_transfers" USING btree ("source_intent_id");