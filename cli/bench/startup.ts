import { type BenchReport, median, milliseconds } from './report'
import { type ServerProcess, startBareServer, startKiranaServer } from './server-process'

const RUNS = 3
const BUDGET_MS = 800

/** Each of `RUNS` starts' time to its first 200 and the CPU its process used, with their medians. */
async function starts(start: () => Promise<ServerProcess>) {
  const times: number[] = []
  const cpuTimes: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const server = await start()
    times.push(server.readyMs)
    cpuTimes.push((await server.stop()).cpuMs)
  }
  return { times, cpuTimes, typical: median(times), typicalCpu: median(cpuTimes) }
}

/**
 * Process start to the first 200 from /api/health, each run on a fresh embedded database (so
 * migrations included), beside a bare Bun.serve started the same way: the floor, which also shows
 * how busy the machine was.
 */
export async function startupTime(): Promise<BenchReport> {
  const kirana = await starts(() => startKiranaServer())
  const bare = await starts(() => startBareServer())
  const overBudget = kirana.typical > BUDGET_MS
  return {
    title: `Start to first 200 from /api/health, fresh embedded database (${RUNS} runs, polled every 10 ms)`,
    columns: ['run', 'time', 'server CPU'],
    rows: [
      ...kirana.times.map((time, index) => [`#${index + 1}`, milliseconds(time), milliseconds(kirana.cpuTimes[index]!)]),
      ['median', milliseconds(kirana.typical), milliseconds(kirana.typicalCpu)],
      ['bare Bun.serve, median', milliseconds(bare.typical), milliseconds(bare.typicalCpu)],
    ],
    verdict: `median ${milliseconds(kirana.typical)} against the ${milliseconds(BUDGET_MS)} budget: ${overBudget ? 'OVER BUDGET' : 'within budget'}`,
    overBudget,
  }
}
