import { type BenchReport, median, milliseconds } from './report'
import { startKiranaServer } from './server-process'

const RUNS = 3
const BUDGET_MS = 1_500

/** Process start to the first 200 from /api/health, each run on a fresh embedded database (so migrations included). */
export async function startupTime(): Promise<BenchReport> {
  const times: number[] = []
  const cpuTimes: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const server = await startKiranaServer()
    times.push(server.readyMs)
    cpuTimes.push((await server.stop()).cpuMs)
  }
  const typical = median(times)
  const overBudget = typical > BUDGET_MS
  return {
    title: `Start to first 200 from /api/health, fresh embedded database (${RUNS} runs, polled every 10 ms)`,
    columns: ['run', 'time', 'server CPU'],
    rows: [
      ...times.map((time, index) => [`#${index + 1}`, milliseconds(time), milliseconds(cpuTimes[index]!)]),
      ['median', milliseconds(typical), milliseconds(median(cpuTimes))],
    ],
    verdict: `median ${milliseconds(typical)} against the ${milliseconds(BUDGET_MS)} budget: ${overBudget ? 'OVER BUDGET' : 'within budget'}`,
    overBudget,
  }
}
