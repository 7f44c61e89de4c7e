import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'
import type { Sql } from 'postgres'
import { compiledPglite } from './pglite-wasm'

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
  /**
   * On-disk PGlite only: lets processes on this machine (the CLI) use this one's database while it
   * runs, through a socket in the data directory (db/shared-pglite.ts), until `close`. Safe to call again.
   */
  share?(): Promise<void>
  /** A data directory made just now from the template of this checkout's migrations: there is nothing to migrate. */
  atCurrentMigrations?: boolean
  /** A data directory made just now with the target's `contents` already written in (the template's): there is nothing to seed. */
  holdsContents?: boolean
}

/**
 * What a new on-disk database holds besides the schema (the demo catalog), made once into the
 * template rather than at every first start. `fingerprint` changes whenever what it writes does; it
 * is asked only when a new database is made, as working it out costs tens of milliseconds.
 */
export type TemplateContents = { name: string; fingerprint: () => string | Promise<string>; fill: (db: Database) => Promise<unknown> }

/** A data directory, when new, starts as the migrated template plus `contents` (see pglite-template.ts). */
export type DatabaseTarget =
  /** `listenUrl`: where LISTEN connects, when `url` is a transaction pool (PgBouncer), which cannot carry it. */
  { url: string; poolSize?: number; listenUrl?: string } | { dataDir: string; contents?: TemplateContents } | { inMemory: true }

/** Tables and columns are snake_case in SQL, camelCase in TypeScript. */
export const casing = 'snake_case' as const

/**
 * PostgreSQL's 128 MB of shared buffers is sized for a server; inside PGlite, WebAssembly grows its
 * memory and PostgreSQL sets up every buffer at each start, which cost about 0.7 s of a start's
 * 1 s in PGlite (2 cores). The embedded database is one process's, and its pages are also in the
 * operating system's cache; 16 MB holds the whole demo database (about 11 MB), and PGlite starts
 * in about a third of the time.
 */
const PGLITE_SHARED_BUFFERS = '16MB'

/** How every embedded database starts: PGlite's own parameters, with shared buffers sized for it, on the compiled module. */
export const pgliteOptions = async (options: PGliteOptions = {}): Promise<PGliteOptions> => ({
  ...options,
  pgliteWasmModule: await compiledPglite(),
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
})

export const drizzleOverPglite = (client: PGlite) => drizzle(client, { casing }) as unknown as Database

/**
 * Statements with more parameters than this (bulk inserts, long id lists) run unnamed: each is
 * seldom repeated, and a named one stays in its connection's server session.
 */
const MOST_PARAMETERS_PREPARED = 100

/**
 * The client as drizzle should have used it: its queries prepared as the client is configured
 * (postgres.js's default; `?prepare=false` on the URL, or the shared PGlite socket, turns it off).
 * Drizzle passes `prepare: false` for every query not made with `.prepare(name)`
 * (drizzle-team/drizzle-orm#6096), and postgres.js then sends each query with parameters twice
 * over: Parse and Describe, a wait for the types, then Bind and Execute, and PostgreSQL parses
 * and plans it anew every time. A prepared statement is parsed once per connection and then
 * costs one round trip. The same goes for the connection a transaction or savepoint is given.
 */
function preparedAsConfigured(client: Sql, prepare = client.options.prepare): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, parameters: unknown[] = [], options: Record<string, unknown> = {}) =>
          target.unsafe(query, parameters as never, { ...options, prepare: prepare && parameters.length <= MOST_PARAMETERS_PREPARED })
      if (property === 'begin' || property === 'savepoint')
        return (...args: unknown[]) => {
          const run = args.pop() as (scoped: Sql) => unknown
          const open = Reflect.get(target, property) as (...all: unknown[]) => unknown
          return open.apply(target, [...args, (scoped: Sql) => run(preparedAsConfigured(scoped, prepare))])
        }
      return Reflect.get(target, property, receiver)
    },
  })
}

/**
 * A drizzle handle over postgres.js: a PostgreSQL server, or a running server's PGlite through its
 * socket. Its driver is loaded here, not with the server: the embedded database's start needs none of it.
 * `listener` is the client LISTEN goes through (postgres.js gives it one connection of its own): `client`'s,
 * or a direct one's when `client` goes through a transaction pool.
 */
export async function overPostgresJs(client: Sql, kind: DatabaseKind, listener: Sql = client): Promise<DatabaseHandle> {
  const { drizzle: drizzlePostgres } = await import('drizzle-orm/postgres-js')
  return {
    db: drizzlePostgres(preparedAsConfigured(client), { casing }) as unknown as Database,
    kind,
    async listen(channel, onMessage) {
      const subscription = await listener.listen(channel, onMessage)
      return () => subscription.unlisten()
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), listener !== client && listener.end({ timeout: 5 })])
    },
  }
}
