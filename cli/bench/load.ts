import { parseArgs } from 'node:util'

/**
 * A small load generator, run as its own process so it never shares an event loop with the server:
 * `connections` keep-alive fetch loops for `warmup` + `duration` seconds; only the measured part counts.
 * Prints {requests, rps, p50, p99, errors} as JSON, latencies in milliseconds.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    /** 'Name: value', repeatable: a session cookie for authenticated reads. */
    header: { type: 'string', multiple: true, default: [] },
    /** A file of session cookies, one per line: connection i sends cookie i (mod their number), many users at once. */
    'cookie-file': { type: 'string' },
  },
})
if (!values.url) throw new Error('Usage: bun cli/bench/load.ts --url http://127.0.0.1:3000/api/health [--connections 50] [--duration 5] [--warmup 1]')

const url = values.url
const headers = Object.fromEntries(values.header.map((header) => [header.slice(0, header.indexOf(':')).trim(), header.slice(header.indexOf(':') + 1).trim()]))
const cookies = values['cookie-file'] ? (await Bun.file(values['cookie-file']).text()).split('\n').filter(Boolean) : []
const headersFor = (connection: number) => (cookies.length ? { ...headers, cookie: cookies[connection % cookies.length]! } : headers)
const measureFrom = performance.now() + Number(values.warmup) * 1000
const measureUntil = measureFrom + Number(values.duration) * 1000
const latencies: number[] = []
let errors = 0

async function connection(index: number) {
  const connectionHeaders = headersFor(index)
  while (performance.now() < measureUntil) {
    const sent = performance.now()
    try {
      const response = await fetch(url, { headers: connectionHeaders })
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      if (sent >= measureFrom) latencies.push(performance.now() - sent)
    } catch {
      if (sent >= measureFrom) errors++
    }
  }
}

await Promise.all(Array.from({ length: Number(values.connections) }, (_, index) => connection(index)))

latencies.sort((a, b) => a - b)
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(p * latencies.length) - 1))] ?? NaN
console.log(
  JSON.stringify({
    requests: latencies.length,
    rps: latencies.length / Number(values.duration),
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors,
  }),
)
