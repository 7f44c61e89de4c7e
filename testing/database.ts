import { afterAll } from 'bun:test'
import postgres from 'postgres'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
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
  const handle = serverUrl ? await freshPostgresDatabase(serverUrl) : await openDatabase({ inMemory: true })
  await migrate(handle.db)
  return handle
}

async function freshPostgresDatabase(serverUrl: string): Promise<DatabaseHandle & { url: string }> {
  const name = `kirana_test_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString(), poolSize: 10 })
  return {
    ...handle,
    /** So a test can open a second pool on the same database: another app instance. */
    url: url.toString(),
    async close() {
      await handle.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
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
