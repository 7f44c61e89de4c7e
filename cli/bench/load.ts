import { parseArgs } from 'node:util'
import autocannon from 'autocannon'

/**
 * The load generator: autocannon (its own HTTP client, latencies in HDR histograms), run as its
 * own process so it never shares an event loop with the server: `connections` keep-alive
 * connections, a `warmup` that is thrown away, then `duration` seconds measured. Prints
 * {requests, rps, p50, p99, errors} as JSON, latencies in milliseconds (the histogram's 1 ms steps);
 * only 2xx answers count as requests, anything else as an error.
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

const headers = Object.fromEntries(values.header.map((header) => [header.slice(0, header.indexOf(':')).trim(), header.slice(header.indexOf(':') + 1).trim()]))
const cookies = values['cookie-file'] ? (await Bun.file(values['cookie-file']).text()).split('\n').filter(Boolean) : []
const connections = Number(values.connections)
let connected = 0

// autocannon takes a warm-up run, which its published types do not list yet.
const options: autocannon.Options & { warmup: { connections: number; duration: number } } = {
  url: values.url,
  connections,
  duration: Number(values.duration),
  warmup: { connections, duration: Number(values.warmup) },
  headers,
  setupClient(client) {
    if (cookies.length) client.setHeaders({ ...headers, cookie: cookies[connected++ % cookies.length]! })
    dropBodies(client)
  },
}
/**
 * autocannon 9 decodes every answer's body into a string, chunk by chunk, for `onResponse` and
 * `expectBody`, which this load uses neither of. For a 17 KB gzipped shelf that decoding took 85 %
 * of the load process's CPU, so its figures were the client's: a bare server reached 4,300 answers
 * a second with the server 13 % busy. The body's bytes are still read, parsed and counted; only
 * the string is not built.
 */
function dropBodies(client: autocannon.Client) {
  const queue = (client as unknown as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests
  if (typeof queue?.addBody !== 'function') throw new Error('autocannon has changed: its client no longer collects bodies through pipelinedRequests.addBody')
  queue.addBody = () => {}
}

const result = await autocannon(options)

console.log(
  JSON.stringify({
    requests: result['2xx'],
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }),
)
