import { timestamp, uuid } from 'drizzle-orm/pg-core'

/** Column helpers every module's schema shares, so ids and timestamps look the same everywhere. */
export const idColumn = () => uuid().primaryKey().defaultRandom()
export const createdAtColumn = () => timestamp({ withTimezone: true }).notNull().defaultNow()
/** Set from the injected clock by each update (not by drizzle's $onUpdate, which reads the wall clock). */
export const updatedAtColumn = () => timestamp({ withTimezone: true }).notNull().defaultNow()
