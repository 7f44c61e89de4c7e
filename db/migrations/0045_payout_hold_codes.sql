ALTER TABLE "payout_accounts" ADD COLUMN "restricted_code" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "return_code" text;--> statement-breakpoint
-- Accounts on hold before the codes existed: the code from the English reason each cause wrote, and
-- the bank's failure code from the runner's latest line that came back, when the reason named one.
UPDATE "payout_accounts" SET "restricted_code" = CASE
  WHEN "restricted_reason" LIKE 'A payout to your bank account came back%' THEN 'payout_returned'
  WHEN "restricted_reason" LIKE 'More information is needed%' THEN 'details_needed'
END WHERE "restricted_reason" IS NOT NULL;--> statement-breakpoint
UPDATE "payout_accounts" SET "return_code" = (
  SELECT "return_code" FROM "payout_lines"
  WHERE "payout_lines"."runner_id" = "payout_accounts"."runner_id" AND "payout_lines"."returned_at" IS NOT NULL
  ORDER BY "payout_lines"."returned_at" DESC LIMIT 1
) WHERE "restricted_reason" LIKE 'A payout to your bank account came back:%';
