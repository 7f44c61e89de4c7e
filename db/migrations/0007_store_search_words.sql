-- A store's search text becomes the set of its distinct words: a search matches each word typed,
-- and scanning ~2 KB instead of ~6 KB per nearby store keeps a search over shelves fast.
UPDATE "stores" SET "search_text" = coalesce((
  SELECT string_agg(DISTINCT "word", ' ' ORDER BY "word")
  FROM regexp_split_to_table(lower(concat_ws(' ', "name", "description", array_to_string("categories", ' '),
    (SELECT string_agg("items"."name" || ' ' || "items"."category", ' ') FROM "items" WHERE "items"."store_id" = "stores"."id" AND "items"."is_available"))), '\s+') AS "word"
  WHERE "word" <> ''), '');
