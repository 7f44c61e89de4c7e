import { sql } from 'drizzle-orm'
import { type AnyPgColumn, bigserial, check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Column helpers every module's schema shares, so ids, timestamps and links between rows look the same everywhere. */
export const idColumn = () => uuid().primaryKey().defaultRandom()
export const createdAtColumn = () => timestamp({ withTimezone: true }).notNull().defaultNow()
/** Set from the injected clock by each update (not by drizzle's $onUpdate, which reads the wall clock). */
export const updatedAtColumn = () => timestamp({ withTimezone: true }).notNull().defaultNow()
/** A row that is part of another (a user's, an order's): it cannot be without it and is deleted with it. */
export const belongsToColumn = (owner: () => AnyPgColumn) => uuid().notNull().references(owner, { onDelete: 'cascade' })
/** A row that names another, which must outlive it: the database refuses to delete what is still named. */
export const refersToColumn = (target: () => AnyPgColumn) => uuid().notNull().references(target)
/** A row that names another by a gateway's own id (pi_…, acct_…, tr_…), which must outlive it. */
export const refersToGatewayIdColumn = (target: () => AnyPgColumn) => text().notNull().references(target)
/** A movement of money is never zero or less: refunds, reversals, transfers and payouts each move some. */
export const amountPositiveCheck = (table: string) => check(`${table}_amount_positive`, sql`amount_cents > 0`)
/** The pieces every outbox is made of, so each is told in order and once. */
export const outbox = {
  /**
   * Each event numbered in the order it was written, its type, when it was written (in the
   * transaction of the change it tells of), and when it was told: null until every message about
   * it was written and handed to the push sender.
   */
  columns: <EventType extends string>() => ({
    id: bigserial({ mode: 'number' }).primaryKey(),
    type: text().$type<EventType>().notNull(),
    createdAt: createdAtColumn(),
    dispatchedAt: timestamp({ withTimezone: true }),
  }),
  /** The events still to tell, which the outbox's worker reads in order. */
  undispatchedIndex: (table: string, id: AnyPgColumn) => index(`${table}_undispatched_idx`).on(id).where(sql`dispatched_at is null`),
}
