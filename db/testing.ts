import { afterAll } from 'bun:test'
import postgres from 'postgres'
import { openDatabase, type DatabaseHandle } from './client'
import { migrate } from './migrate'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL of TEST_DATABASE_URL, dropped when the file's tests end.
 */
export async function freshTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL
  const handle = serverUrl ? await freshPostgresDatabase(serverUrl) : await openDatabase({ inMemory: true })
  await migrate(handle.db)
  afterAll(() => handle.close())
  return handle
}

async function freshPostgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `kirana_test_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString(), poolSize: 10 })
  return {
    ...handle,
    async close() {
      await handle.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
