CREATE TABLE "payout_totals" (
	"runner_id" uuid PRIMARY KEY NOT NULL,
	"unpaid_cents" integer DEFAULT 0 NOT NULL,
	"held_cents" integer DEFAULT 0 NOT NULL,
	"in_transit_cents" integer DEFAULT 0 NOT NULL,
	"returned_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"delivery_earned_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_totals" ADD CONSTRAINT "payout_totals_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_lines_runner_unpaid_idx" ON "payout_lines" USING btree ("runner_id","held","available_at","amount_cents") WHERE paid_at is null;--> statement-breakpoint
-- What one line adds to its runner's totals, times `sign`: the rules balancesOf and earnedBy read by.
CREATE FUNCTION "payout_totals_add"("line" "payout_lines", "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "payout_totals" AS "t" ("runner_id", "unpaid_cents", "held_cents", "in_transit_cents", "returned_cents", "paid_cents", "delivery_earned_cents")
  VALUES (
    "line"."runner_id",
    "sign" * CASE WHEN "line"."paid_at" IS NULL AND NOT "line"."held" THEN "line"."amount_cents" ELSE 0 END,
    "sign" * CASE WHEN "line"."paid_at" IS NULL AND "line"."held" THEN "line"."amount_cents" ELSE 0 END,
    "sign" * CASE WHEN "line"."bank_status" = 'in_transit' THEN "line"."transferred_cents" - "line"."reversed_cents" ELSE 0 END,
    "sign" * CASE WHEN "line"."bank_status" = 'returned' THEN "line"."transferred_cents" - "line"."reversed_cents" ELSE 0 END,
    "sign" * CASE WHEN "line"."bank_status" = 'paid' THEN "line"."transferred_cents" - "line"."reversed_cents" ELSE 0 END,
    "sign" * CASE WHEN "line"."kind" = 'delivery' THEN coalesce("line"."transferred_cents" - "line"."reversed_cents", "line"."amount_cents") ELSE 0 END
  )
  ON CONFLICT ("runner_id") DO UPDATE SET
    "unpaid_cents" = "t"."unpaid_cents" + excluded."unpaid_cents",
    "held_cents" = "t"."held_cents" + excluded."held_cents",
    "in_transit_cents" = "t"."in_transit_cents" + excluded."in_transit_cents",
    "returned_cents" = "t"."returned_cents" + excluded."returned_cents",
    "paid_cents" = "t"."paid_cents" + excluded."paid_cents",
    "delivery_earned_cents" = "t"."delivery_earned_cents" + excluded."delivery_earned_cents"
$$;
--> statement-breakpoint
-- A line's old self taken out and its new self put in, in the statement that writes it: the ledger's writers need not remember.
CREATE FUNCTION "payout_totals_follow_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "payout_totals_add"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "payout_totals_add"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only the columns the totals read: a refusal noted, a transfer claimed, a bank payout's id moves nothing.
CREATE TRIGGER "payout_totals_follow_line"
  AFTER INSERT OR DELETE OR UPDATE OF "runner_id", "kind", "amount_cents", "held", "paid_at", "transferred_cents", "reversed_cents", "bank_status"
  ON "payout_lines" FOR EACH ROW EXECUTE FUNCTION "payout_totals_follow_line"();
--> statement-breakpoint
-- The ledger so far, added up once.
INSERT INTO "payout_totals" ("runner_id", "unpaid_cents", "held_cents", "in_transit_cents", "returned_cents", "paid_cents", "delivery_earned_cents")
SELECT
  "runner_id",
  coalesce(sum("amount_cents") FILTER (WHERE "paid_at" IS NULL AND NOT "held"), 0),
  coalesce(sum("amount_cents") FILTER (WHERE "paid_at" IS NULL AND "held"), 0),
  coalesce(sum("transferred_cents" - "reversed_cents") FILTER (WHERE "bank_status" = 'in_transit'), 0),
  coalesce(sum("transferred_cents" - "reversed_cents") FILTER (WHERE "bank_status" = 'returned'), 0),
  coalesce(sum("transferred_cents" - "reversed_cents") FILTER (WHERE "bank_status" = 'paid'), 0),
  coalesce(sum(coalesce("transferred_cents" - "reversed_cents", "amount_cents")) FILTER (WHERE "kind" = 'delivery'), 0)
FROM "payout_lines"
GROUP BY "runner_id";
