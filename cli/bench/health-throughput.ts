import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BenchReport, milliseconds } from './report'
import { benchPostgresServer, scratchPostgres } from './scratch-postgres'
import { type SentAnswer, type ServerProcess, startBareServer, startBareServerReplaying, startKiranaServer } from './server-process'

const CONNECTIONS = 50
/** What Chromium sends with every request the PWA makes: the budgets are for requests as the app makes them. */
export const BROWSER_ACCEPT_ENCODING = 'Accept-Encoding: gzip, deflate, br, zstd'
const WARMUP_SECONDS = 1
const DURATION_SECONDS = 5

export const loadRow = (result: LoadResult) => [
  Math.round(result.rps).toLocaleString('en-US'),
  milliseconds(result.p50),
  milliseconds(result.p99),
  String(result.errors),
]

/** How the load is made, for a report's title: `connections` requests always in flight. */
export const loadShape = (connections = CONNECTIONS) =>
  `${connections} keep-alive connections, ${DURATION_SECONDS} s after a ${WARMUP_SECONDS} s warm-up (autocannon, from a process of its own)`

export const LOAD_SHAPE = loadShape()

export interface LoadResult {
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
  const postgresServer = await benchPostgresServer()
  const scratch = postgresServer ? await scratchPostgres(postgresServer) : null
  if (scratch) targets.push(['Kirana server, PostgreSQL', () => startKiranaServer(scratch.url)])

  const rows: string[][] = []
  try {
    for (const [name, start] of targets) {
      const server = await start()
      try {
        rows.push([name, ...loadRow(await generateLoad(`${server.url}/api/health`))])
      } finally {
        await server.stop()
      }
    }
  } finally {
    await scratch?.drop()
  }
  return {
    title: `GET /api/health, ${LOAD_SHAPE}`,
    columns: ['server', 'requests/s', 'p50', 'p99', 'errors'],
    rows,
  }
}

type LoadOptions = {
  /** 'Name: value' headers every connection sends. */
  headers?: string[]
  /** Session cookies: connection i sends cookie i (mod their number), many people at once. */
  cookies?: string[]
  connections?: number
}

export async function generateLoad(url: string, { headers = [], cookies = [], connections = CONNECTIONS }: LoadOptions = {}): Promise<LoadResult> {
  // The load generator reads the cookies from a file: an argument list has no room for thousands.
  const cookieFile = join(tmpdir(), `kirana-bench-cookies-${process.pid}-${crypto.randomUUID()}`)
  if (cookies.length > 0) await Bun.write(cookieFile, cookies.join('\n'))
  const args = [
    '--url',
    url,
    '--connections',
    String(connections),
    '--duration',
    String(DURATION_SECONDS),
    '--warmup',
    String(WARMUP_SECONDS),
    ...headers.flatMap((header) => ['--header', header]),
    ...(cookies.length > 0 ? ['--cookie-file', cookieFile] : []),
  ]
  try {
    const load = Bun.spawn([process.execPath, join(import.meta.dir, 'load.ts'), ...args], { stdout: 'pipe', stderr: 'inherit' })
    const output = await new Response(load.stdout).text()
    if ((await load.exited) !== 0) throw new Error(`The load generator failed for ${url}`)
    return JSON.parse(output) as LoadResult
  } finally {
    rmSync(cookieFile, { force: true })
  }
}

/** The same load on a bare Bun.serve answering `body` (gzipped once, for a load that takes gzip): the floor an endpoint's figures are read against. */
export async function bareServerLoad(body: string, { gzip = false, headers = [] as string[], connections = CONNECTIONS } = {}): Promise<LoadResult> {
  const bare = await startBareServer(body, { gzip })
  return generateLoad(`${bare.url}/`, { headers, connections }).finally(() => bare.stop())
}

/** The same load on a bare Bun.serve sending `answer` as Kirana sent it, headers and all: the floor for that very answer. */
export async function bareReplayLoad(answer: SentAnswer, { headers = [] as string[], connections = CONNECTIONS } = {}): Promise<LoadResult> {
  const bare = await startBareServerReplaying(answer)
  return generateLoad(`${bare.url}/`, { headers, connections }).finally(() => bare.stop())
}
