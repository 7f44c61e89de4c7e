-- payout_totals kept per statement, no longer per line: a run's claim, settle and bank payout each wrote two upserts
-- for every line they touched (twenty on one runner's row for a bank payout of ten lines). Now each statement's
-- changed lines are added up per runner from its transition tables, and each runner's row is written once, in
-- runner order (so two statements take the rows in one order), and not at all where the statement moved nothing
-- (a claim at the same amount, a refusal noted, a bank payout's id). PostgreSQL takes no column list on a trigger
-- with transition tables, so the statement fires on every update and the sum says whether it moved anything.
DROP TRIGGER "payout_totals_follow_line" ON "payout_lines";
--> statement-breakpoint
DROP FUNCTION "payout_totals_follow_line"();
--> statement-breakpoint
DROP FUNCTION "payout_totals_add"("payout_lines", integer);
--> statement-breakpoint
-- What the statement's lines add to their runners' totals, old selves taken out and new selves put in: the rules
-- balancesOf and earnedBy read by. The transition tables are named by the triggers below, one per operation.
CREATE FUNCTION "payout_totals_follow_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_lines'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_lines'
    ELSE 'SELECT 1 AS sign, * FROM new_lines UNION ALL SELECT -1 AS sign, * FROM old_lines'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO "payout_totals" AS "t" ("runner_id", "unpaid_cents", "held_cents", "in_transit_cents", "returned_cents", "paid_cents", "delivery_earned_cents")
    SELECT * FROM (
      SELECT
        "runner_id",
        coalesce(sum("sign" * "amount_cents") FILTER (WHERE "paid_at" IS NULL AND NOT "held"), 0)::int AS "unpaid_cents",
        coalesce(sum("sign" * "amount_cents") FILTER (WHERE "paid_at" IS NULL AND "held"), 0)::int AS "held_cents",
        coalesce(sum("sign" * ("transferred_cents" - "reversed_cents")) FILTER (WHERE "bank_status" = 'in_transit'), 0)::int AS "in_transit_cents",
        coalesce(sum("sign" * ("transferred_cents" - "reversed_cents")) FILTER (WHERE "bank_status" = 'returned'), 0)::int AS "returned_cents",
        coalesce(sum("sign" * ("transferred_cents" - "reversed_cents")) FILTER (WHERE "bank_status" = 'paid'), 0)::int AS "paid_cents",
        coalesce(sum("sign" * coalesce("transferred_cents" - "reversed_cents", "amount_cents")) FILTER (WHERE "kind" = 'delivery'), 0)::int
          AS "delivery_earned_cents"
      FROM (%s) AS "line"
      GROUP BY "runner_id"
    ) AS "moved"
    WHERE ("unpaid_cents", "held_cents", "in_transit_cents", "returned_cents", "paid_cents", "delivery_earned_cents") <> (0, 0, 0, 0, 0, 0)
    ORDER BY "runner_id"
    ON CONFLICT ("runner_id") DO UPDATE SET
      "unpaid_cents" = "t"."unpaid_cents" + excluded."unpaid_cents",
      "held_cents" = "t"."held_cents" + excluded."held_cents",
      "in_transit_cents" = "t"."in_transit_cents" + excluded."in_transit_cents",
      "returned_cents" = "t"."returned_cents" + excluded."returned_cents",
      "paid_cents" = "t"."paid_cents" + excluded."paid_cents",
      "delivery_earned_cents" = "t"."delivery_earned_cents" + excluded."delivery_earned_cents"
  $sql$, "changed");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payout_totals_follow_inserted_lines"
  AFTER INSERT ON "payout_lines" REFERENCING NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "payout_totals_follow_lines"();
--> statement-breakpoint
CREATE TRIGGER "payout_totals_follow_updated_lines"
  AFTER UPDATE ON "payout_lines" REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "payout_totals_follow_lines"();
--> statement-breakpoint
CREATE TRIGGER "payout_totals_follow_deleted_lines"
  AFTER DELETE ON "payout_lines" REFERENCING OLD TABLE AS "old_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "payout_totals_follow_lines"();
