import { afterAll, beforeAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
import { testApi } from './test-api'

/** Runs the CLI as a person would, in a process of its own, on the embedded database in `dataDir` unless `env` says otherwise. */
export function runCli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const run = Bun.spawnSync(['bun', 'cli/index.ts', ...args], { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', ...env } })
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
}

/**
 * An embedded database in a folder of its own, filled through the API by `prepare` before the
 * file's tests and then closed for the CLI, as support would find it; removed after them.
 */
export function preparedDataDir(name: string, prepare: (api: Awaited<ReturnType<typeof testApi>>) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), `kirana-${name}-`))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  beforeAll(async () => {
    const database = await openDatabase({ dataDir })
    await migrate(database.db)
    await prepare(await testApi({ database }))
    await database.close()
  }, 60_000)
  return dataDir
}
