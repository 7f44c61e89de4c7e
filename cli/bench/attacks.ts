import { type BenchReport, median, milliseconds } from './report'
import { startKiranaServer } from './server-process'

const ROUNDS = 20
const BUDGET_MS = 50
const deeplyNested = '['.repeat(100_000) + ']'.repeat(100_000)

async function timed(request: () => Promise<Response>) {
  const started = performance.now()
  const response = await request()
  await response.arrayBuffer()
  return { ms: performance.now() - started, status: response.status }
}

/**
 * The hardening issue's denial-of-service body: 100,000 nested arrays (200 KB) sent to the
 * sign-in, answered how fast, and how long a health check sent beside it takes, next to a
 * health check alone. Median of 20 rounds, on the embedded database.
 */
export async function attacks(): Promise<BenchReport> {
  const server = await startKiranaServer()
  try {
    const health = () => fetch(`${server.url}/api/health`)
    const attack = () => fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deeplyNested })
    const alone: number[] = []
    const refused: number[] = []
    const beside: number[] = []
    const statuses = new Set<number>()
    for (let round = 0; round < ROUNDS; round++) {
      alone.push((await timed(health)).ms)
      const [answer, check] = await Promise.all([timed(attack), timed(health)])
      refused.push(answer.ms)
      beside.push(check.ms)
      statuses.add(answer.status)
    }
    const worst = Math.max(median(refused), median(beside))
    return {
      title: `A 100,000-deep JSON body (200 KB) at POST /api/login, ${ROUNDS} rounds on the embedded database (answered ${[...statuses].join(', ')})`,
      columns: ['request', 'median', 'max'],
      rows: [
        ['GET /api/health alone', milliseconds(median(alone)), milliseconds(Math.max(...alone))],
        ['the nested body, refused', milliseconds(median(refused)), milliseconds(Math.max(...refused))],
        ['GET /api/health sent beside it', milliseconds(median(beside)), milliseconds(Math.max(...beside))],
      ],
      verdict: `median ${milliseconds(worst)} against the ${BUDGET_MS} ms the issue allows: ${worst < BUDGET_MS && statuses.size === 1 && statuses.has(400) ? 'within budget' : 'OVER BUDGET'}`,
      overBudget: worst >= BUDGET_MS || !(statuses.size === 1 && statuses.has(400)),
    }
  } finally {
    await server.stop()
  }
}
