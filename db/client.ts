import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import postgres from 'postgres'

/** The one drizzle type every module sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>
export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Database
  kind: DatabaseKind
  close(): Promise<void>
}

export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { inMemory: true }

const casing = 'snake_case' as const

/** Opens PostgreSQL through postgres.js when given a URL, else the embedded PGlite (on disk or in memory). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const client = postgres(target.url, { max: target.poolSize ?? 10, onnotice: () => {} })
    return {
      db: drizzlePostgres(client, { casing }) as unknown as Database,
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
    }
  }
  let dataDir: string | undefined
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true })
    dataDir = `${target.dataDir}/pglite`
  }
  const client = await PGlite.create(dataDir)
  return {
    db: drizzlePglite(client, { casing }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  }
}
