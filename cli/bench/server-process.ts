import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const HOST = '127.0.0.1'
const POLL_MS = 10
const READY_TIMEOUT_MS = 30_000

export interface ServerProcess {
  url: string
  /** From just before spawning to the first 200 from /api/health. */
  readyMs: number
  /** Stops the process and reports the CPU it used, which tells a busy machine apart from a slow server. */
  stop(): Promise<{ cpuMs: number }>
  /** The server's resident memory now, in bytes (Linux). */
  residentBytes(): Promise<number>
  /** What the server has printed so far (its log lines), but each request's line. */
  output(): string
}

/** `bun index.ts` as production runs it, on loopback, on a fresh embedded database unless given a PostgreSQL URL. */
export function startKiranaServer(databaseUrl = '', env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kirana-bench-'))
  return startProcess(['index.ts'], { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env }, () =>
    rmSync(dataDir, { recursive: true, force: true }),
  )
}

/** Runs `use` with a Kirana server (see startKiranaServer) and stops it after, whatever happens. */
export async function withKiranaServer<T>(databaseUrl: string, env: Record<string, string>, use: (server: ServerProcess) => Promise<T>): Promise<T> {
  const server = await startKiranaServer(databaseUrl, env)
  try {
    return await use(server)
  } finally {
    await server.stop()
  }
}

/** The floor to compare with: Bun.serve answering `body` (the same JSON as an endpoint measured) with no framework or database. */
export async function startBareServer(body?: string, { gzip = false } = {}): Promise<ServerProcess> {
  if (body === undefined) return startProcess([BARE_SCRIPT], {})
  return bareServerSending(body, { BARE_GZIP: gzip ? '1' : '0' })
}

/** A Kirana answer as it was sent: its (perhaps compressed) bytes and its headers. */
export type SentAnswer = { body: Uint8Array; headers: Record<string, string> }

/** The floor for an answer: Bun.serve sending `answer` byte for byte, headers and all, with no framework or database. */
export function startBareServerReplaying(answer: SentAnswer): Promise<ServerProcess> {
  return bareServerSending(answer.body, { BARE_HEADERS: JSON.stringify(answer.headers) })
}

const BARE_SCRIPT = join(import.meta.dir, 'bare-server.ts')

async function bareServerSending(body: string | Uint8Array, env: Record<string, string>): Promise<ServerProcess> {
  const bodyFile = join(tmpdir(), `kirana-bench-bare-${process.pid}-${crypto.randomUUID()}.json`)
  await Bun.write(bodyFile, body)
  return startProcess([BARE_SCRIPT], { BARE_BODY_FILE: bodyFile, ...env }, () => rmSync(bodyFile, { force: true }))
}

async function startProcess(args: string[], env: Record<string, string>, cleanUp = () => {}): Promise<ServerProcess> {
  const port = freePort()
  const url = `http://${HOST}:${port}`
  const started = performance.now()
  const child = Bun.spawn([process.execPath, ...args], {
    env: { ...process.env, ...env, HOST, PORT: String(port) },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  // Read as it comes, so a full pipe never stops the server; each request's own line (a load writes
  // hundreds of thousands) is read and let go, the rest kept. The server writes lines in batches,
  // which a read may cut anywhere: a line is judged once it is whole.
  let printed = ''
  let partial = ''
  void (async () => {
    for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
      const lines = partial + text
      const whole = lines.lastIndexOf('\n') + 1
      partial = lines.slice(whole)
      printed += lines.slice(0, whole).replace(/^\{"level":\d+,[^\n]*"msg":"request"\}\n/gm, '')
    }
  })()
  const stop = async () => {
    child.kill('SIGTERM')
    const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(5_000).then(() => false)])
    if (!exited) child.kill('SIGKILL')
    await child.exited
    cleanUp()
    return { cpuMs: Number(child.resourceUsage()?.cpuTime.total ?? NaN) / 1000 }
  }
  try {
    await untilHealthy(url, child)
  } catch (error) {
    await stop()
    throw error
  }
  const residentBytes = async () => {
    const status = await Bun.file(`/proc/${child.pid}/status`).text()
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024
  }
  return { url, readyMs: performance.now() - started, stop, residentBytes, output: () => printed }
}

async function untilHealthy(url: string, child: Bun.Subprocess) {
  const deadline = performance.now() + READY_TIMEOUT_MS
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering`)
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (healthy) return
    await Bun.sleep(POLL_MS)
  }
  throw new Error(`${url}/api/health did not answer 200 within ${READY_TIMEOUT_MS} ms`)
}

function freePort(): number {
  const probe = Bun.serve({ hostname: HOST, port: 0, fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}
