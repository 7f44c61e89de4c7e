CREATE TABLE "bank_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"runner_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_payouts_status_known" CHECK (status in ('paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "bank_last4" text;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "bank_status" text;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "bank_payout_id" text;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "bank_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "bank_payouts" ADD CONSTRAINT "bank_payouts_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_payouts_runner_idx" ON "bank_payouts" USING btree ("runner_id","created_at");--> statement-breakpoint
-- Backfill (hand-written): a line transferred before this migration was taken as paid, and nothing recorded its bank payout.
UPDATE "payout_lines" SET "bank_status" = 'paid', "bank_paid_at" = "paid_at" WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payout_lines_not_in_bank_idx" ON "payout_lines" USING btree ("runner_id","paid_at") WHERE bank_status in ('in_transit', 'returned');--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_bank_status_with_transfer" CHECK ((paid_at is null) = (bank_status is null));