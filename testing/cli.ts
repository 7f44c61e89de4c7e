import { afterAll, beforeAll } from 'bun:test'
import { format } from 'node:util'
import type { CliRun } from '../cli/commands/with-database'
import { runKirana } from '../cli/index'
import type { DatabaseHandle } from '../db/client'
import { describeTarget } from '../db/target'
import { unownedTestDatabase } from './database'
import { testApi } from './test-api'

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** The settings a run of the CLI in a test starts from: the test environment's, on no database of its own. */
const testEnv = () => ({ ...process.env, NODE_ENV: 'test', DATA_DIR: '', DATABASE_URL: '' })

/**
 * Runs the CLI as a person would, in a process of its own, on the embedded database in `dataDir`
 * unless `env` says otherwise: for what only a process shows (its exit code as the shell sees it,
 * settings refused at start, the data directory's lock, the socket beside a running server).
 */
export function runCliProcess(dataDir: string, args: string[], env: Record<string, string> = {}): CliResult {
  const run = Bun.spawnSync(['bun', 'cli/index.ts', ...args], { env: { ...testEnv(), DATA_DIR: dataDir, ...env } })
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
}

/** A database the CLI's tests run against: the file's fresh test database, once its `prepare` has run. */
export interface CliDatabase {
  handle?: DatabaseHandle & { url?: string }
}

/**
 * Runs the CLI in this process, as `bun cli/index.ts` runs it, against the open `database` with
 * the test settings and `env`: what the commands and commander write is captured, and the exit
 * code is the one the process would end with.
 */
export function runCli(database: CliDatabase, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const handle = database.handle
  if (!handle) throw new Error('runCli: the database is not prepared yet; run the CLI from a test')
  const where = describeTarget(handle.url ? { url: handle.url } : { inMemory: true })
  return runInProcess(args, { env: { ...testEnv(), ...env }, database: { ...handle, where } })
}

/**
 * Runs the CLI in this process on the database its settings name (DATA_DIR, or DATABASE_URL in
 * `env`), which the command opens and closes as it would in a process of its own.
 */
export function runCliOnSettings(args: string[], env: Record<string, string>): Promise<CliResult> {
  return runInProcess(args, { env: { ...testEnv(), ...env } })
}

/** One run at a time: console and process.exitCode are the process's own, and are put back afterwards. */
async function runInProcess(args: string[], run: CliRun): Promise<CliResult> {
  const output = { stdout: '', stderr: '' }
  const writeOut = (text: string) => {
    output.stdout += text
  }
  const writeErr = (text: string) => {
    output.stderr += text
  }
  const { log, error } = console
  const exitCodeBefore = process.exitCode
  process.exitCode = 0
  // Commands print with console.log and console.error, as a process would to its stdout and stderr.
  console.log = (...values: unknown[]) => writeOut(`${format(...values)}\n`)
  console.error = (...values: unknown[]) => writeErr(`${format(...values)}\n`)
  try {
    const code = await runKirana(args, run, { writeOut, writeErr })
    return { code: code || Number(process.exitCode ?? 0), ...output }
  } finally {
    console.log = log
    console.error = error
    process.exitCode = exitCodeBefore
  }
}

/**
 * The file's fresh test database (in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * filled through the API by `prepare` before the file's tests, for runCli.
 */
export function preparedDatabase(prepare: (api: Awaited<ReturnType<typeof testApi>>) => Promise<void> = async () => {}): CliDatabase {
  const database: CliDatabase = {}
  beforeAll(async () => {
    database.handle = await unownedTestDatabase()
    await prepare(await testApi({ database: database.handle }))
  }, 60_000)
  afterAll(() => database.handle?.close())
  return database
}
