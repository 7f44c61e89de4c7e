ALTER TABLE "stores" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Stores already here get what a search finds them by, as every import now writes it.
UPDATE "stores" SET "search_text" = lower(concat_ws(' ', "name", "description", array_to_string("categories", ' '),
  (SELECT string_agg("items"."name" || ' ' || "items"."category", ' ') FROM "items" WHERE "items"."store_id" = "stores"."id" AND "items"."is_available")));
