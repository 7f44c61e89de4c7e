-- A store's search text stays in its row instead of going to TOAST storage at ~2 KB: a nearby
-- search reads it once per word for every store in the box, and fetching it from the TOAST table
-- cost several times the matching itself (about 10 buffers per store instead of 1). 8160 bytes,
-- the largest value PostgreSQL takes, leaves a row alone until it nears a whole page; a bigger
-- one is still compressed and moved out as before.
ALTER TABLE "stores" SET (toast_tuple_target = 8160);--> statement-breakpoint
-- Rewriting each value brings the ones already stored out of line back into their rows.
UPDATE "stores" SET "search_text" = "search_text" || '';
