import { eq, sql } from 'drizzle-orm'
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { Database } from './database'

/** A query drizzle has built, run with its placeholders' values (drizzle's prepared query). */
type Built<Values, Row> = { execute(values: Values): Promise<Row[]> }

/**
 * A hot query built once for each database handle it runs on, then run with new values. Drizzle
 * builds a query's SQL anew at every call, and for a lookup by key that costs more CPU than
 * PostgreSQL spends answering it (0.1 to 0.25 ms a query here). `build` makes it with
 * `sql.placeholder`s for its values and ends in `.prepare(name)`. A transaction's handle is new
 * each time, so inside one the query is built for that transaction, as before.
 */
export function builtOnce<Values extends Record<string, unknown>, Row>(build: (db: Database) => Built<Values, Row>) {
  const built = new WeakMap<Database, Built<Values, Row>>()
  return (db: Database, values: Values): Promise<Row[]> => {
    let query = built.get(db)
    if (!query) {
      query = build(db)
      built.set(db, query)
    }
    return query.execute(values)
  }
}

/**
 * Some columns of the rows whose `key` is any of several values, built once: the values go as one
 * array parameter (`ids`, of the key's SQL type), so the statement is the same whatever their number.
 */
export function builtOnceAmong<Fields extends SelectedFields>(name: string, table: PgTable, key: PgColumn, keyType: 'uuid' | 'text', fields: Fields) {
  return builtOnce((db) =>
    db
      .select(fields)
      .from(table)
      .where(sql`${key} = any(${sql.placeholder('ids')}::${sql.raw(keyType)}[])`)
      .prepare(name),
  )
}

/** The row whose `key` column holds a value, built once; null when there is none. */
export function builtOnceRowBy<Table extends PgTable>(name: string, table: Table, key: PgColumn) {
  const read = builtOnce((db) =>
    db
      .select()
      .from(table as PgTable)
      .where(eq(key, sql.placeholder('value')))
      .prepare(name),
  )
  return async (db: Database, value: unknown): Promise<Table['$inferSelect'] | null> => {
    const [row] = await read(db, { value })
    return row ?? null
  }
}
