-- Words in an Indic script move from a store's search text to its own column (modules/catalog/search-text.ts),
-- where a search typed in one looks for them; a store whose text has none is left as it is.
UPDATE "stores" SET
  "indic_search_text" = coalesce((select string_agg(word, ' ' order by word) from regexp_split_to_table("search_text", ' ') as word where word ~ '[ऀ-෿]'), ''),
  "search_text" = coalesce((select string_agg(word, ' ' order by word) from regexp_split_to_table("search_text", ' ') as word where word !~ '[ऀ-෿]'), '')
WHERE "search_text" ~ '[ऀ-෿]';
