import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { lockDataDir } from './data-dir-lock'
import { type DatabaseHandle, type DatabaseTarget, drizzleOverPglite, type Listen, overPostgresJs, pgliteOptions } from './database'
import { copyTemplateTo, pgliteTemplate } from './pglite-template'
import { shareOverSocket } from './shared-pglite'

export type { Database, DatabaseHandle, DatabaseKind, DatabaseTarget, Listen } from './database'
export { drizzleOverPglite } from './database'

/**
 * Opens PostgreSQL through postgres.js when given a URL, else the embedded PGlite (on disk or in
 * memory). A new PGlite database starts from a migrated template instead of running initdb.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const { default: postgres } = await import('postgres')
    const client = postgres(target.url, { max: target.poolSize ?? 10, onnotice: () => {} })
    const listener = target.listenUrl && target.listenUrl !== target.url ? postgres(target.listenUrl, { max: 1, onnotice: () => {} }) : client
    return overPostgresJs(client, 'postgres', listener)
  }
  if ('inMemory' in target) {
    const client = await PGlite.create(await pgliteOptions({ loadDataDir: await pgliteTemplate() }))
    return { db: drizzleOverPglite(client), kind: 'pglite', listen: pgliteListen(client), close: () => client.close() }
  }
  mkdirSync(target.dataDir, { recursive: true })
  const unlock = lockDataDir(target.dataDir)
  try {
    const dataDir = join(target.dataDir, 'pglite')
    const fresh = !(await Bun.file(join(dataDir, 'PG_VERSION')).exists())
    // PostgreSQL compiles while the template is copied.
    const [options] = await Promise.all([pgliteOptions(), fresh && copyTemplateTo(dataDir, target.contents)])
    const client = await PGlite.create(dataDir, options)
    let sharing: Promise<() => Promise<void>> | undefined
    return {
      db: drizzleOverPglite(client),
      kind: 'pglite',
      listen: pgliteListen(client),
      // The template is named by the migrations it holds (pglite-template.ts), so a new copy has them all.
      atCurrentMigrations: fresh,
      holdsContents: fresh && target.contents !== undefined,
      async share() {
        sharing ??= shareOverSocket(client, target.dataDir)
        await sharing
      },
      close: async () => {
        await sharing?.then(
          (stop) => stop(),
          () => {},
        )
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
