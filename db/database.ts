import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'

/** The one drizzle type every module sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>
export type DatabaseKind = 'pglite' | 'postgres'

/** LISTEN on a channel; returns how to stop. NOTIFY is plain SQL (pg_notify) and needs no handle. */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>

export interface DatabaseHandle {
  db: Database
  kind: DatabaseKind
  /** PostgreSQL: a connection of its own hears every instance's notifications. PGlite: its one process's. */
  listen: Listen
  close(): Promise<void>
}

export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { inMemory: true }

/** Tables and columns are snake_case in SQL, camelCase in TypeScript. */
export const casing = 'snake_case' as const

export const drizzleOverPglite = (client: PGlite) => drizzle(client, { casing }) as unknown as Database
