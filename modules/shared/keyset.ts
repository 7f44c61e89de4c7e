import { and, type Column, eq, gt, or, type SQL, sql } from 'drizzle-orm'

/** Where the last page ended: its last row's instant and id. */
export type KeysetCursor = { at: Date; id: string }

/**
 * The rows after `cursor` in ascending (at, id) order: a page's keyset condition, the id breaking
 * ties between rows of the same instant. Undefined (no condition) for the first page.
 */
export const afterCursor = (at: Column, id: Column, cursor: KeysetCursor | null): SQL | undefined =>
  cursor ? or(gt(at, cursor.at), and(eq(at, cursor.at), sql`${id} > ${cursor.id}`)) : undefined
