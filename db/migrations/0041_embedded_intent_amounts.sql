ALTER TABLE "embedded_payment_intents" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_payment_intents" ADD COLUMN "amount_transferred" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The intents the stand-in holds already: what their refunds gave back, and what is out on the transfers made from them.
UPDATE "embedded_payment_intents" AS "i" SET "amount_refunded" = "r"."cents"
FROM (SELECT "intent_id", sum("amount_cents")::int AS "cents" FROM "embedded_refunds" GROUP BY "intent_id") AS "r"
WHERE "r"."intent_id" = "i"."id";
--> statement-breakpoint
UPDATE "embedded_payment_intents" AS "i" SET "amount_transferred" = "t"."cents"
FROM (
  SELECT "source_intent_id", sum("amount_cents" - "reversed_cents")::int AS "cents" FROM "embedded_transfers"
  WHERE "source_intent_id" IS NOT NULL GROUP BY "source_intent_id"
) AS "t"
WHERE "t"."source_intent_id" = "i"."id";
