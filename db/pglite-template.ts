import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
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

let pendingDir: Promise<string> | undefined

/**
 * The same template unpacked into a directory, for new databases on disk: copying files is
 * about twice as fast as PGlite unpacking the tarball into its file system at every first start.
 */
export function pgliteTemplateDir(): Promise<string> {
  return (pendingDir ??= loadOrMakeTemplateDir())
}

async function loadOrMakeTemplateDir(): Promise<string> {
  const dir = `${cacheDir}pglite-${pgliteVersion()}-${migrationsFingerprint()}`
  if (existsSync(`${dir}/PG_VERSION`)) return dir
  const partial = `${dir}.${process.pid}.partial`
  mkdirSync(cacheDir, { recursive: true })
  const unpacked = await PGlite.create(partial, { loadDataDir: await pgliteTemplate() })
  await unpacked.close()
  try {
    // Another process may have finished first; either copy is the same template.
    renameSync(partial, dir)
  } catch {
    rmSync(partial, { recursive: true, force: true })
  }
  return dir
}

/** A new database directory at `dataDir`, copied from the template; copied aside first, so a crash leaves no half a database. */
export async function copyTemplateTo(dataDir: string) {
  const partial = `${dataDir}.partial`
  rmSync(partial, { recursive: true, force: true })
  cpSync(await pgliteTemplateDir(), partial, { recursive: true })
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(partial, dataDir)
}
