CREATE TABLE "runner_tallies" (
	"runner_id" uuid PRIMARY KEY NOT NULL,
	"deliveries" integer DEFAULT 0 NOT NULL,
	"earnings_cents" integer DEFAULT 0 NOT NULL,
	"mutual_ratings" integer DEFAULT 0 NOT NULL,
	"mutual_stars" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "runner_tallies_not_negative" CHECK (deliveries >= 0 and earnings_cents >= 0 and mutual_ratings >= 0 and mutual_stars >= 0)
);
--> statement-breakpoint
ALTER TABLE "runner_tallies" ADD CONSTRAINT "runner_tallies_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The totals of the history before them: every delivery, and every rating as a runner that both sides gave.
INSERT INTO "runner_tallies" ("runner_id", "deliveries", "earnings_cents")
  SELECT "runner_id", count(*), coalesce(sum("platform_fee_cents" + "tip_cents"), 0) FROM "orders"
  WHERE "status" = 'delivered' AND "runner_id" IS NOT NULL GROUP BY "runner_id";--> statement-breakpoint
INSERT INTO "runner_tallies" ("runner_id", "mutual_ratings", "mutual_stars")
  SELECT "ratee_id", count(*), sum("stars") FROM "order_ratings" WHERE "ratee_role" = 'runner' AND "mutual" GROUP BY "ratee_id"
  ON CONFLICT ("runner_id") DO UPDATE SET "mutual_ratings" = excluded."mutual_ratings", "mutual_stars" = excluded."mutual_stars";
