import { afterAll } from 'bun:test'
import postgres from 'postgres'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { migrate, migrationsFingerprint } from '../db/migrate'
import { loadConfig, manualClock } from '../modules/shared/index'

/**
 * The PostgreSQL server the tests may create databases on (TEST_DATABASE_URL). Without one the
 * tests that need it (the races) skip on a developer's machine; under CI (CI=true) a missing
 * PostgreSQL fails the run instead, so that those tests cannot go quiet unnoticed.
 */
export function testPostgresUrl(): string | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL
  // CI's second pass runs the same files on the embedded database on purpose, and says so.
  if (!serverUrl && process.env.CI === 'true' && process.env.TEST_DATABASE !== 'pglite') {
    throw new Error(
      'CI runs the PostgreSQL tests (the races among them): set TEST_DATABASE_URL to a server whose user may create databases, or TEST_DATABASE=pglite for the embedded pass.',
    )
  }
  return serverUrl
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL of TEST_DATABASE_URL, dropped when the file's tests end.
 */
export async function freshTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const handle = await unownedTestDatabase()
  afterAll(() => handle.close())
  return handle
}

/** A fresh, migrated database as freshTestDatabase makes it, which the caller closes: for one opened inside a hook. */
export async function unownedTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = testPostgresUrl()
  if (serverUrl) return freshPostgresDatabase(serverUrl)
  // The in-memory database starts from the migrated PGlite template (db/pglite-template.ts); this only confirms it is current.
  const handle = await openDatabase({ inMemory: true })
  await migrate(handle.db)
  return handle
}

async function freshPostgresDatabase(serverUrl: string): Promise<DatabaseHandle & { url: string }> {
  const name = `kirana_test_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name} template ${await migratedTemplate(serverUrl)}`)
  const url = databaseUrl(serverUrl, name)
  const handle = await openDatabase({ url, poolSize: 10 })
  return {
    ...handle,
    /** So a test can open a second pool on the same database: another app instance. */
    url,
    async close() {
      await handle.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

let template: Promise<string> | undefined

/**
 * A database on the server holding every migration and nothing else, named by the migration set:
 * each test file's database is a copy of it (CREATE DATABASE … TEMPLATE), a fraction of the second
 * that migrating each one took. Built once per migration set and kept for the next run. Two test
 * lanes starting together build it under one advisory lock, and it gets its name only once
 * complete, so a copy is never taken of half a template. No connection stays open to it: a
 * template with a session on it cannot be copied. Templates of earlier migration sets are left
 * (a few MB each): another checkout, at another commit, may be copying one right now.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `kirana_template_${migrationsFingerprint()}`
    // One connection, so the session's lock is held by the same session that builds and renames.
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
    await admin`select pg_advisory_lock(hashtext('kirana test template'))`
    try {
      const [built] = await admin`select 1 from pg_database where datname = ${name}`
      if (!built) {
        const building = `${name}_building`
        await admin.unsafe(`drop database if exists ${building}`)
        await admin.unsafe(`create database ${building}`)
        const scratch = await openDatabase({ url: databaseUrl(serverUrl, building), poolSize: 1 })
        try {
          await migrate(scratch.db)
        } finally {
          await scratch.close()
        }
        await admin.unsafe(`alter database ${building} rename to ${name}`)
      }
    } finally {
      await admin`select pg_advisory_unlock(hashtext('kirana test template'))`
      await admin.end()
    }
    return name
  })()
  return template
}

/** Settings for tests: the defaults, as a newcomer's machine has them, in the test environment. */
export function testDeps(db: DatabaseHandle['db'], env: Record<string, string> = {}) {
  const clock = manualClock(new Date('2026-11-01T15:00:00Z'))
  return { db, clock, config: loadConfig({ NODE_ENV: 'test', ...env }) }
}

/** A request for `app.handle`, as a same-site browser would send it. */
export function apiRequest(method: string, path: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.body !== undefined) headers['content-type'] ??= 'application/json'
  if (options.cookie) headers.cookie = options.cookie
  return new Request(`http://localhost${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  })
}

/** The session cookie a response set, ready to send back as a Cookie header. */
export function sessionCookieFrom(response: Response, name = 'kirana_sid'): string | undefined {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
  const pair = header?.split(';')[0]
  return pair && pair !== `${name}=` ? pair : undefined
}
