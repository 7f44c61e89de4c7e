import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { runCliOnSettings, runCliProcess } from '../testing/cli'
import { testPostgresUrl } from '../testing/database'

// For tests that run the CLI several times: each run opens the database anew, and opening PGlite takes seconds on a busy machine.
const SEVERAL_RUNS_TIMEOUT_MS = 60_000

const dataDir = mkdtempSync(join(tmpdir(), 'kirana-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** On a fresh embedded database unless `env` says otherwise: in a process of its own, for what happens as the process starts. */
const cli = (args: string[], env: Record<string, string> = {}) => runCliProcess(dataDir, args, env)
/** The same, run in this process. */
const inProcess = (args: string[], env: Record<string, string> = {}) => runCliOnSettings(args, { DATA_DIR: dataDir, ...env })

describe('kirana CLI', () => {
  test('--help lists the db commands', async () => {
    const run = await inProcess(['--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Usage: kirana')
    expect(run.stdout).toMatch(/^\s+db\s/m)
  })

  test('--version prints the package version', async () => {
    const run = await inProcess(['--version'])
    expect(run.code).toBe(0)
    expect(run.stdout.trim()).toBe('0.1.0')
  })

  test(
    'a new embedded database starts migrated: db status lists every migration applied, db migrate has nothing to do',
    async () => {
      const status = await inProcess(['db', 'status'])
      expect(status.code).toBe(0)
      expect(status.stdout).toContain('pglite')
      expect(status.stdout).toContain(dataDir)
      expect(status.stdout).toMatch(/applied\s+0000_initial/)

      const json = JSON.parse((await inProcess(['db', 'status', '--json'])).stdout)
      expect(json).toMatchObject({ engine: 'pglite', where: dataDir, pending: 0 })
      expect(json.migrations).toContainEqual({ tag: '0000_initial', applied: true })

      const again = await inProcess(['db', 'migrate'])
      expect(again.code).toBe(0)
      expect(again.stdout).toContain('Nothing to apply')
    },
    SEVERAL_RUNS_TIMEOUT_MS,
  )

  test('a wrong setting exits 1 with one line naming the variable', () => {
    const run = cli(['db', 'status'], { PORT: 'abc' })
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain('PORT')
  })

  test('an unknown command or option exits non-zero with commander’s message', () => {
    const command = cli(['frobnicate'])
    expect(command.code).not.toBe(0)
    expect(command.stderr).toContain("unknown command 'frobnicate'")
    const option = cli(['db', 'status', '--bogus'])
    expect(option.code).not.toBe(0)
    expect(option.stderr).toContain("unknown option '--bogus'")
  })

  test('an unreachable PostgreSQL gives one line without a stack or the password, and exit 1', () => {
    const run = cli(['db', 'status'], { DATABASE_URL: 'postgres://kirana:secret@127.0.0.1:1/kirana' })
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain('127.0.0.1:1/kirana')
    expect(run.stderr).not.toContain('secret')
  })

  test('an embedded database open in another live process is refused with a clear reason', () => {
    const busyDir = mkdtempSync(join(tmpdir(), 'kirana-cli-busy-'))
    // This test process is alive, so its pid in the lock file marks the database as held.
    writeFileSync(join(busyDir, 'kirana.lock'), String(process.pid))
    const run = cli(['db', 'status'], { DATA_DIR: busyDir })
    rmSync(busyDir, { recursive: true, force: true })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`is in use by process ${process.pid}`)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  })

  test('a lock left by a crashed process is taken over', () => {
    const staleDir = mkdtempSync(join(tmpdir(), 'kirana-cli-stale-'))
    writeFileSync(join(staleDir, 'kirana.lock'), '999999999')
    const run = cli(['db', 'status'], { DATA_DIR: staleDir })
    expect(run.code).toBe(0)
    expect(existsSync(join(staleDir, 'kirana.lock'))).toBe(false)
    rmSync(staleDir, { recursive: true, force: true })
  })
})

const postgresUrl = testPostgresUrl()

describe.skipIf(!postgresUrl)('kirana CLI on PostgreSQL', () => {
  test(
    'db status and db migrate work on a fresh PostgreSQL database',
    async () => {
      const serverUrl = postgresUrl!
      const name = `kirana_cli_${crypto.randomUUID().replaceAll('-', '')}`
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
      await admin.unsafe(`create database ${name}`)
      try {
        const env = { DATABASE_URL: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() }

        const before = JSON.parse((await inProcess(['db', 'status', '--json'], env)).stdout)
        expect(before.engine).toBe('postgres')
        expect(before.where).toEndWith(`/${name}`)
        expect(before.migrations).toContainEqual({ tag: '0000_initial', applied: false })

        expect((await inProcess(['db', 'migrate'], env)).stdout).toContain('Applied 0000_initial')
        const after = await inProcess(['db', 'status'], env)
        expect(after.code).toBe(0)
        expect(after.stdout).toMatch(/applied\s+0000_initial/)
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    },
    SEVERAL_RUNS_TIMEOUT_MS,
  )
})
