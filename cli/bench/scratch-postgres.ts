import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import type { Database } from '../../db/database'
import { migrate } from '../../db/migrate'
import { type BenchStore, benchStore } from './bench-data'
import type { BenchReport } from './report'
import { type ServerProcess, withKiranaServer } from './server-process'

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/test'

/** The PostgreSQL to benchmark on: BENCH_DATABASE_URL, DATABASE_URL, or the local test server when it answers. */
export async function benchPostgresServer(): Promise<string | null> {
  const candidates = [process.env.BENCH_DATABASE_URL, process.env.DATABASE_URL, DEFAULT_SERVER]
  for (const url of candidates) {
    if (!url || !/^postgres(ql)?:\/\//.test(url)) continue
    const probe = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })
    const answers = await probe`select 1`.then(
      () => true,
      () => false,
    )
    await probe.end()
    if (answers) return url
  }
  return null
}

/**
 * After a bench's bulk seeding: the planner's statistics and the visibility map as autovacuum
 * keeps them on a live database, and the seed's dirty pages written out, so neither autovacuum
 * nor the writing-back runs beside the load that is measured next.
 */
export async function settleAfterSeeding(db: Database) {
  await db.execute(sql`vacuum analyze`)
  await db.execute(sql`checkpoint`).catch(() => {
    // Only a superuser (or pg_checkpoint) may; elsewhere the pages are written back as the server likes.
  })
}

/**
 * A database of its own for one benchmark, so nothing is left behind on the server. The server
 * first writes out what earlier benches left in its buffers (a checkpoint): a bench that seeds a
 * million rows would otherwise charge the next one for the writing-back, in its commits' times.
 */
export async function scratchPostgres(serverUrl: string) {
  const name = `kirana_bench_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe('checkpoint').catch(() => {
    // Only a superuser (or pg_checkpoint) may; elsewhere the bench runs as it is.
  })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/**
 * Runs a PostgreSQL bench on a migrated scratch database of its own, dropped after whatever
 * happens; without a PostgreSQL to run on, the bench reports itself skipped under `title`.
 */
export async function benchOnPostgres(
  title: string,
  measure: (scratch: { handle: DatabaseHandle; url: string }) => Promise<BenchReport[]>,
): Promise<BenchReport[]> {
  const serverUrl = await benchPostgresServer()
  if (!serverUrl) return [{ title, columns: ['result'], rows: [['skipped: no PostgreSQL answered (set BENCH_DATABASE_URL)']] }]
  const scratch = await scratchPostgres(serverUrl)
  const handle = await openDatabase({ url: scratch.url })
  try {
    await migrate(handle.db)
    return await measure({ handle, url: scratch.url })
  } finally {
    await handle.close()
    await scratch.drop()
  }
}

/** The usual PostgreSQL bench (see benchOnPostgres): one store on the scratch database, and a Kirana server over it, with `env` added to its settings. */
export function benchOnPostgresWithServer(
  title: string,
  place: Parameters<typeof benchStore>[1],
  measure: (bench: { handle: DatabaseHandle; store: BenchStore; server: ServerProcess }) => Promise<BenchReport[]>,
  env: Record<string, string> = {},
): Promise<BenchReport[]> {
  return benchOnPostgres(title, async ({ handle, url }) => {
    const store = await benchStore(handle, place)
    return withKiranaServer(url, env, (server) => measure({ handle, store, server }))
  })
}
