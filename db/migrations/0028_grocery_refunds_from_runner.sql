ALTER TABLE "embedded_transfers" ALTER COLUMN "source_intent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD COLUMN "refunded_from_runner_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "from_runner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "transfer_from_balance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "grocery_holds" ADD CONSTRAINT "grocery_holds_runner_refund_within_refunds" CHECK (refunded_from_runner_cents between 0 and refunded_cents);