import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { lockDataDir } from './data-dir-lock'
import { casing, type Database, type DatabaseHandle, type DatabaseTarget, drizzleOverPglite, type Listen } from './database'
import { copyTemplateTo, pgliteTemplate } from './pglite-template'

export type { Database, DatabaseHandle, DatabaseKind, DatabaseTarget, Listen } from './database'
export { drizzleOverPglite } from './database'

/**
 * Opens PostgreSQL through postgres.js when given a URL, else the embedded PGlite (on disk or in
 * memory). A new PGlite database starts from a migrated template instead of running initdb.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const client = postgres(target.url, { max: target.poolSize ?? 10, onnotice: () => {} })
    return {
      db: drizzlePostgres(client, { casing }) as unknown as Database,
      kind: 'postgres',
      async listen(channel, onMessage) {
        const subscription = await client.listen(channel, onMessage)
        return () => subscription.unlisten()
      },
      close: () => client.end({ timeout: 5 }),
    }
  }
  if ('inMemory' in target) {
    const client = await PGlite.create({ loadDataDir: await pgliteTemplate() })
    return { db: drizzleOverPglite(client), kind: 'pglite', listen: pgliteListen(client), close: () => client.close() }
  }
  mkdirSync(target.dataDir, { recursive: true })
  const unlock = lockDataDir(target.dataDir)
  try {
    const dataDir = join(target.dataDir, 'pglite')
    const fresh = !(await Bun.file(join(dataDir, 'PG_VERSION')).exists())
    if (fresh) await copyTemplateTo(dataDir, target.contents)
    const client = await PGlite.create(dataDir)
    return {
      db: drizzleOverPglite(client),
      kind: 'pglite',
      listen: pgliteListen(client),
      close: async () => {
        await client.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

function pgliteListen(client: PGlite): Listen {
  return async (channel, onMessage) => {
    const unlisten = await client.listen(channel, onMessage)
    return () => unlisten()
  }
}
