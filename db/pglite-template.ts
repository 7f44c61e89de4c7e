import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzleOverPglite, pgliteOptions, type TemplateContents } from './database'
import { migrate, migrationsFingerprint } from './migrate'

const cacheDir = new URL('../node_modules/.cache/kirana/', import.meta.url).pathname

/** Another checkout sharing these packages (a git worktree) may be using its own template right now. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000

/** Templates of earlier migration sets (41 MB each, and again unpacked) go once a new one is made and they are a day old. */
function forgetStaleTemplates() {
  for (const entry of readdirSync(cacheDir)) {
    const path = `${cacheDir}${entry}`
    const unused = Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS
    if (unused && entry.startsWith('pglite-') && !entry.startsWith(currentTemplateName()) && !entry.endsWith('.partial'))
      rmSync(path, { recursive: true, force: true })
  }
}

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
  pending ??= loadOrMakeTemplate()
  return pending
}

/** This PGlite build and migration set; templates of any other are stale. */
const currentTemplateName = () => `pglite-${pgliteVersion()}-${migrationsFingerprint()}`

async function loadOrMakeTemplate(): Promise<Blob> {
  const path = `${cacheDir}${currentTemplateName()}.tar`
  const cached = Bun.file(path)
  if (await cached.exists()) return cached
  const scratch = await PGlite.create(await pgliteOptions())
  await migrate(drizzleOverPglite(scratch))
  const dump = await scratch.dumpDataDir('none')
  await scratch.close()
  try {
    mkdirSync(cacheDir, { recursive: true })
    // Written aside and renamed, so a process starting alongside never reads half a file.
    const partial = `${path}.${process.pid}.partial`
    await Bun.write(partial, dump)
    renameSync(partial, path)
    forgetStaleTemplates()
  } catch (error) {
    // A read-only install still works; it only pays for the template at each start.
    console.warn(`Could not cache the PGlite template in ${cacheDir}: ${(error as Error).message}`)
  }
  return dump
}

const pendingDirs = new Map<string, Promise<string>>()

/**
 * The template unpacked into a directory, with `contents` written in, for new databases on
 * disk: copying files is about twice as fast as PGlite unpacking the tarball into its file
 * system, and the contents are then already there at a first start.
 */
export async function pgliteTemplateDir(contents?: TemplateContents): Promise<string> {
  const dir = contents ? `${templateDirPrefix(contents)}${await contents.fingerprint()}` : templateDirPrefix()
  let pending = pendingDirs.get(dir)
  if (!pending) {
    pending = loadOrMakeTemplateDir(dir, contents)
    pendingDirs.set(dir, pending)
  }
  return pending
}

/**
 * How the names of template directories of these migrations (and of `contents`) begin; a
 * fingerprint of the contents follows. 'lean': without the template databases
 * (dropTemplateDatabases), unlike the directories made before.
 */
const templateDirPrefix = (contents?: TemplateContents) => `${cacheDir}${currentTemplateName()}-lean${contents ? `-${contents.name}-` : ''}`

/** The template directory `contents` were last written into for these migrations, if one is whole. */
function lastTemplateDir(contents: TemplateContents): string | undefined {
  if (!existsSync(cacheDir)) return undefined
  const prefix = templateDirPrefix(contents)
  const made = readdirSync(cacheDir)
    .map((entry) => `${cacheDir}${entry}`)
    .filter((path) => path.startsWith(prefix) && !path.endsWith('.partial') && existsSync(`${path}/PG_VERSION`))
  return made.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
}

async function loadOrMakeTemplateDir(dir: string, contents?: TemplateContents): Promise<string> {
  if (existsSync(`${dir}/PG_VERSION`)) return dir
  const partial = `${dir}.${process.pid}.partial`
  mkdirSync(cacheDir, { recursive: true })
  const unpacked = await PGlite.create(partial, await pgliteOptions({ loadDataDir: await pgliteTemplate() }))
  if (contents) await contents.fill(drizzleOverPglite(unpacked))
  await dropTemplateDatabases(unpacked)
  await unpacked.close()
  try {
    // Another process may have finished first; either copy is the same template.
    renameSync(partial, dir)
  } catch {
    rmSync(partial, { recursive: true, force: true })
  }
  return dir
}

/**
 * PostgreSQL's template0 and template1 are half a cluster's files, read only by CREATE DATABASE,
 * which nothing does on the embedded database; without them a new data directory is copied in half
 * the time. (A database made there by hand would name its template: `template postgres`.)
 */
async function dropTemplateDatabases(client: PGlite) {
  for (const name of ['template0', 'template1']) {
    await client.exec(`alter database ${name} is_template false`)
    await client.exec(`drop database ${name}`)
  }
}

/**
 * A new database directory at `dataDir`, copied from the template; copied aside first, so a crash
 * leaves no half a database. Copied by `cp` in a process of its own: its six hundred files cost
 * a couple of hundred milliseconds, mostly in the kernel creating them, and Bun's own `fs.cp` made
 * each copy on the JavaScript thread, which a start needs for loading the app meanwhile.
 */
export async function copyTemplateTo(dataDir: string, contents?: TemplateContents) {
  const partial = `${dataDir}.partial`
  // The fingerprint naming the template costs a start about 100 ms (the catalog's modules, then its
  // records), so the copy begins meanwhile from the template last made, nearly always the one named,
  // and is made again from the named one when not.
  const guess = contents && lastTemplateDir(contents)
  const guessed = guess
    ? copyDir(guess, partial).then(
        () => true,
        () => false,
      )
    : undefined
  const template = await pgliteTemplateDir(contents)
  if (template !== guess || !(await guessed)) {
    await guessed
    await copyDir(template, partial)
  }
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(partial, dataDir)
}

async function copyDir(from: string, to: string) {
  rmSync(to, { recursive: true, force: true })
  const copying = Bun.spawn(['cp', '-R', from, to], { stdout: 'ignore', stderr: 'pipe' })
  if ((await copying.exited) !== 0) throw new Error(`Could not copy the PGlite template: ${await new Response(copying.stderr).text()}`)
}
