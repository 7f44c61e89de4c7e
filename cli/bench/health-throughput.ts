import { join } from 'node:path'
import { milliseconds, type BenchReport } from './report'
import { startBareServer, startKiranaServer, type ServerProcess } from './server-process'

const CONNECTIONS = 50
const WARMUP_SECONDS = 1
const DURATION_SECONDS = 5

interface LoadResult {
  requests: number
  rps: number
  p50: number
  p99: number
  errors: number
}

/** GET /api/health under load, beside a bare Bun.serve measured the same way in the same run. */
export async function healthThroughput(): Promise<BenchReport> {
  const targets: [string, () => Promise<ServerProcess>][] = [
    ['Kirana server, PGlite', () => startKiranaServer()],
    ['bare Bun.serve', startBareServer],
  ]
  const postgresUrl = [process.env.BENCH_DATABASE_URL, process.env.DATABASE_URL].find((url) => url && /^postgres(ql)?:\/\//.test(url))
  if (postgresUrl) targets.push(['Kirana server, PostgreSQL', () => startKiranaServer(postgresUrl)])

  const rows: string[][] = []
  for (const [name, start] of targets) {
    const server = await start()
    try {
      const result = await generateLoad(`${server.url}/api/health`)
      rows.push([name, Math.round(result.rps).toLocaleString('en-US'), milliseconds(result.p50), milliseconds(result.p99), String(result.errors)])
    } finally {
      await server.stop()
    }
  }
  return {
    title: `GET /api/health, ${CONNECTIONS} keep-alive connections, ${DURATION_SECONDS} s after a ${WARMUP_SECONDS} s warm-up (load from a separate process)`,
    columns: ['server', 'requests/s', 'p50', 'p99', 'errors'],
    rows,
  }
}

async function generateLoad(url: string): Promise<LoadResult> {
  const args = ['--url', url, '--connections', String(CONNECTIONS), '--duration', String(DURATION_SECONDS), '--warmup', String(WARMUP_SECONDS)]
  const load = Bun.spawn([process.execPath, join(import.meta.dir, 'load.ts'), ...args], { stdout: 'pipe', stderr: 'inherit' })
  const output = await new Response(load.stdout).text()
  if ((await load.exited) !== 0) throw new Error(`The load generator failed for ${url}`)
  return JSON.parse(output) as LoadResult
}
