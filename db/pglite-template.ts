import { mkdirSync, readFileSync, renameSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzleOverPglite } from './database'
import { migrate, migrationsFingerprint } from './migrate'

const cacheDir = new URL('../node_modules/.cache/kirana/', import.meta.url).pathname

/** A template is only good for the PGlite build that wrote it. */
function pgliteVersion(): string {
  const manifest = new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url)
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

let pending: Promise<Blob> | undefined

/**
 * A migrated, empty PGlite cluster as a tarball. PGlite's initdb costs seconds of CPU; restoring
 * this costs a fraction, so new databases (a fresh clone's first start, every test file) start
 * from it. It is made once per PGlite version and migration set and cached beside the packages.
 */
export function pgliteTemplate(): Promise<Blob> {
  return (pending ??= loadOrMakeTemplate())
}

async function loadOrMakeTemplate(): Promise<Blob> {
  const path = `${cacheDir}pglite-${pgliteVersion()}-${migrationsFingerprint()}.tar`
  const cached = Bun.file(path)
  if (await cached.exists()) return cached
  const scratch = await PGlite.create()
  await migrate(drizzleOverPglite(scratch))
  const dump = await scratch.dumpDataDir('none')
  await scratch.close()
  try {
    mkdirSync(cacheDir, { recursive: true })
    // Written aside and renamed, so a process starting alongside never reads half a file.
    const partial = `${path}.${process.pid}.partial`
    await Bun.write(partial, dump)
    renameSync(partial, path)
  } catch (error) {
    // A read-only install still works; it only pays for the template at each start.
    console.warn(`Could not cache the PGlite template in ${cacheDir}: ${(error as Error).message}`)
  }
  return dump
}
