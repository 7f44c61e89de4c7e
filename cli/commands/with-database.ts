import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../../db/client'
import { DatabaseInUseError } from '../../db/data-dir-lock'
import { openThroughServer } from '../../db/shared-pglite'
import { databaseTarget, describeTarget } from '../../db/target'
import { type Clock, type Config, loadConfig } from '../../modules/shared/index'
import { clockFromConfig } from '../../server/providers'

/** A failure the person running the CLI can act on: printed as its one line, exit code 1. */
export class CliError extends Error {
  override name = 'CliError'
}

/**
 * What one run of the CLI works with: the settings it reads, and the clock chosen from them.
 * A command run in a process of its own reads the process's environment; a run inside another
 * program (the tests) brings its own settings and the open database its commands use.
 */
export interface CliRun {
  env: Record<string, string | undefined>
  /** An open database every command uses and leaves open, in place of the one the settings name. */
  database?: CliDatabase
  clock?: Clock
}

const processRun: CliRun = { env: process.env }
const runs = new AsyncLocalStorage<CliRun>()
const currentRun = () => runs.getStore() ?? processRun

/** Runs `action` as one run of the CLI: its commands read `run`'s settings and use its database. */
export const withCliRun = <T>(run: CliRun, action: () => T): T => runs.run(run, action)

/** The settings of this run of the CLI, read as the server reads its own. */
export const cliConfig = (): Config => loadConfig(currentRun().env)

/**
 * The clock the server keeps, chosen as it chooses it: DEV_CLOCK_OFFSET_MINUTES ahead in
 * development, else the system's. Chosen at its first reading, so a wrong setting is one line.
 */
export const cliClock: Clock = {
  now() {
    const run = currentRun()
    run.clock ??= clockFromConfig(cliConfig())
    return run.clock.now()
  },
}

export interface CliDatabase extends DatabaseHandle {
  /** Where the database is, safe to print. */
  where: string
}

/**
 * Runs a command against the database the server would use (same settings, same opening code)
 * and always closes it afterwards, so the process can exit and PGlite's files stay consistent.
 * While the server runs on the embedded database, the command goes through the server's socket.
 * A run given an open database uses it and leaves it open for its owner.
 */
export async function withDatabase<T>(action: (database: CliDatabase) => Promise<T>): Promise<T> {
  const given = currentRun().database
  if (given) return action(given)
  const target = databaseTarget(cliConfig())
  const database = await openReachable(target, describeTarget(target))
  try {
    return await action(database)
  } finally {
    await database.close()
  }
}

/** postgres.js connects lazily, so one query tells "cannot reach the database" apart from a failing command. */
async function openReachable(target: DatabaseTarget, where: string): Promise<CliDatabase> {
  let handle: DatabaseHandle | undefined
  try {
    handle = await openDatabase(target)
    await handle.db.execute(sql`select 1`)
    return { ...handle, where }
  } catch (error) {
    await handle?.close().catch(() => {})
    if (error instanceof DatabaseInUseError) {
      const shared = 'dataDir' in target ? await openThroughServer(target.dataDir) : null
      if (shared) return { ...shared, where: `${where}, through the server (process ${error.holder})` }
      throw new CliError(error.message)
    }
    const engine = 'url' in target ? 'PostgreSQL' : 'embedded'
    throw new CliError(`Cannot open the ${engine} database at ${where}: ${rootCause(error)}`)
  }
}

/** drizzle wraps driver errors in "Failed query: ..."; the driver's own first line says what went wrong. */
function rootCause(error: unknown): string {
  let cause = error
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause
  const message = cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : String(cause)
  return message.split('\n')[0]!
}
