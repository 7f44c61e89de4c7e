import { eq, like, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { items, stores } from './schema'

/**
 * A letter of an Indic script (Devanagari to Sinhala, U+0900 to U+0DFF). Words with one are kept
 * apart from the rest (stores.indicSearchText): three bytes a letter in UTF-8, they would double a
 * store's search text and push it past what its row keeps uncompressed, and every search, in
 * English too, would pay for reading them.
 */
const INDIC_LETTER = '[\u0900-\u0DFF]'
const indicLetter = new RegExp(INDIC_LETTER, 'u')

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** A store matches a typed word (lower-cased, NFC) when the word is within one of its search words, looked for among those in the word's own script. */
export function storeHasWord(word: string): SQL {
  return like(indicLetter.test(word) ? stores.indicSearchText : stores.searchText, `%${escapeLike(word)}%`)
}

/** Rebuilds what a search finds a store by, from the store and its available items (see stores.searchText). */
export async function refreshSearchText(db: Database, storeId: string) {
  // Local names are stored in their composed form (NFC, by the contract), as searches are made.
  const localWords = sql`(select string_agg(concat_ws(' ', local->>'name', local->>'transliteration'), ' ') from jsonb_array_elements(${items.localNames}) as local)`
  const text = sql`lower(concat_ws(' ', ${stores.name}, ${stores.description}, array_to_string(${stores.categories}, ' '),
    (select string_agg(concat_ws(' ', ${items.name}, ${items.category}, ${localWords}), ' ') from ${items} where ${items.storeId} = ${stores.id} and ${items.isAvailable})))`
  const wordsIn = (script: SQL) => sql`coalesce(string_agg(distinct word, ' ' order by word) filter (where ${script}), '')`
  await db
    .update(stores)
    .set({ searchText: sql`words.other`, indicSearchText: sql`words.indic` })
    .from(
      sql`(select ${wordsIn(sql`word !~ ${INDIC_LETTER}`)} as other, ${wordsIn(sql`word ~ ${INDIC_LETTER}`)} as indic
        from ${stores}, regexp_split_to_table(${text}, '\\s+') as word where ${stores.id} = ${storeId} and word <> '') as words`,
    )
    .where(eq(stores.id, storeId))
}
