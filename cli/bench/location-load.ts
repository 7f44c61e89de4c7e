import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { percentile } from './report'

/**
 * The runners' location reports, from a process of its own: report k leaves at k ÷ `perSecond`
 * seconds, runner k mod n, so each of n runners reports every n ÷ `perSecond` seconds and the
 * reports are spread evenly, as a thousand phones on their own clocks would send them. The pace is
 * kept whatever the answers take (an open loop): autocannon's rate limit sends each connection's
 * share in a burst at the top of every second and waits for answers before sending more, which
 * would measure a queue the phones never make. Each report moves its runner 111 m north, so every
 * one is kept (written, and told to the order's stream), none coalesced.
 *
 * The first `followed` orders' buyer streams are open too: for each of their reports, the time
 * from its sending to the stream's event carrying it.
 */
export type LocationLoadJob = {
  base: string
  runners: { orderId: string; cookie: string }[]
  perSecond: number
  warmupSeconds: number
  seconds: number
  followed: number
  buyerCookie: string
}

export type LocationLoadResult = {
  reports: number
  kept: number
  coalesced: number
  errors: number
  p50: number
  p99: number
  heard: number
  expectedHeard: number
  heardP50: number
  heardP99: number
  heardMax: number
}

/** A report's round is told by its accuracy, which the buyer's view carries: round r reports `r + 10` metres. */
const accuracyOfRound = (round: number) => round + 10
const ACCURACY = /"accuracyMeters":(\d+)/

export async function runLocationLoad(job: LocationLoadJob): Promise<LocationLoadResult> {
  const jobFile = join(tmpdir(), `kirana-bench-locations-${process.pid}-${crypto.randomUUID()}.json`)
  await Bun.write(jobFile, JSON.stringify(job))
  try {
    const load = Bun.spawn([process.execPath, import.meta.path, jobFile], {
      env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(job.followed + 256) },
      stdout: 'pipe',
      stderr: 'inherit',
    })
    const output = await new Response(load.stdout).text()
    if ((await load.exited) !== 0) throw new Error(`The location load failed against ${job.base}`)
    return JSON.parse(output) as LocationLoadResult
  } finally {
    rmSync(jobFile, { force: true })
  }
}

/** Opens the buyer's stream of one order and calls `heard` with each report round its events carry, when they arrive. */
async function follow(url: string, cookie: string, heard: (round: number, at: number) => void): Promise<() => void> {
  const abort = new AbortController()
  const response = await fetch(url, { headers: { cookie }, signal: abort.signal })
  if (!response.ok) throw new Error(`The stream ${url} answered ${response.status}`)
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  let opened: () => void = () => {}
  const first = new Promise<void>((resolve) => {
    opened = resolve
  })
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      const at = performance.now()
      text += value
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const accuracy = ACCURACY.exec(text.slice(0, end))
        if (accuracy) heard(Number(accuracy[1]) - accuracyOfRound(0), at)
        text = text.slice(end + 2)
        opened()
      }
    }
  })()
  await first
  return () => abort.abort()
}

async function main(job: LocationLoadJob) {
  const count = job.runners.length
  const heardAt = new Map<string, number>()
  const unfollow = await Promise.all(
    job.runners.slice(0, job.followed).map(({ orderId }, index) =>
      follow(`${job.base}/api/orders/${orderId}/events`, job.buyerCookie, (round, at) => {
        if (!heardAt.has(`${index}:${round}`)) heardAt.set(`${index}:${round}`, at)
      }),
    ),
  )
  const warmup = Math.round(job.warmupSeconds * job.perSecond)
  const total = warmup + Math.round(job.seconds * job.perSecond)
  const latencies: number[] = []
  const sentAt = new Map<string, number>()
  const tally = { kept: 0, coalesced: 0, errors: 0 }
  const inFlight: Promise<void>[] = []
  const started = performance.now()
  for (let k = 0; k < total; k++) {
    const due = started + (k * 1000) / job.perSecond
    const wait = due - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    const runner = k % count
    const round = Math.floor(k / count)
    const measured = k >= warmup
    const body = JSON.stringify({ latitude: 40.5 + round * 0.001, longitude: -74.4 + runner * 0.0001, accuracyMeters: accuracyOfRound(round) })
    const sent = performance.now()
    if (measured && runner < job.followed) sentAt.set(`${runner}:${round}`, sent)
    const request = fetch(`${job.base}/api/orders/${job.runners[runner]!.orderId}/location`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: job.runners[runner]!.cookie },
      body,
    }).then(
      async (response) => {
        await response.arrayBuffer()
        if (!measured) return
        latencies.push(performance.now() - sent)
        if (response.status === 200) tally.kept++
        else if (response.status === 202) tally.coalesced++
        else tally.errors++
      },
      () => {
        if (measured) tally.errors++
      },
    )
    inFlight.push(request)
  }
  await Promise.all(inFlight)
  // What a stream has not heard a second after the last report it will not hear.
  await Bun.sleep(1000)
  for (const stop of unfollow) stop()
  latencies.sort((a, b) => a - b)
  const heard = [...sentAt].flatMap(([key, sent]) => (heardAt.has(key) ? [heardAt.get(key)! - sent] : [])).sort((a, b) => a - b)
  const result: LocationLoadResult = {
    reports: latencies.length,
    ...tally,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    heard: heard.length,
    expectedHeard: sentAt.size,
    heardP50: heard.length ? percentile(heard, 0.5) : Number.NaN,
    heardP99: heard.length ? percentile(heard, 0.99) : Number.NaN,
    heardMax: heard.at(-1) ?? Number.NaN,
  }
  console.log(JSON.stringify(result))
  process.exit(0)
}

if (import.meta.main) await main(JSON.parse(await Bun.file(process.argv[2]!).text()) as LocationLoadJob)
