import type { Database } from '../../db/database'
import { recipients } from '../accounts/index'
import { DEFAULT_LANGUAGE } from '../shared/index'
import type { NewNotification } from './records'
import { type Words, wordsIn } from './words'

/** A notification decided on (who hears of what) before it is written: `write` puts it in the reader's words. */
export type Draft = Omit<NewNotification, 'title' | 'body'> & { write: (words: Words) => { title: string; body: string } }

/**
 * Writes each draft in its reader's language as it stands now, read once for all of them: an order
 * between a Gujarati buyer and a Tamil runner tells each in their own, and a fan-out to thousands
 * of runners reads their languages in one query.
 */
export async function inTheirLanguages(db: Database, drafts: readonly Draft[]): Promise<NewNotification[]> {
  if (drafts.length === 0) return []
  const languages = await recipients.languagesOf(
    db,
    drafts.map((draft) => draft.userId),
  )
  return drafts.map(({ write, ...draft }) => ({ ...draft, ...write(wordsIn(languages.get(draft.userId) ?? DEFAULT_LANGUAGE)) }))
}
