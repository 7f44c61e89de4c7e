import { sql } from 'drizzle-orm'
import { type AnyPgColumn, check, text, timestamp, uuid } from 'drizzle-orm/pg-core'

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
