import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'

/** The one drizzle type every module sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>
export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Database
  kind: DatabaseKind
  close(): Promise<void>
}

export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { inMemory: true }

/** Tables and columns are snake_case in SQL, camelCase in TypeScript. */
export const casing = 'snake_case' as const

export const drizzleOverPglite = (client: PGlite) => drizzle(client, { casing }) as unknown as Database
