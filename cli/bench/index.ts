import { cpus, loadavg } from 'node:os'
import { orderRecords } from '../../modules/orders/index'
import { estimatedRouter, orderTracking } from '../../modules/tracking/index'
import { orderTrust } from '../../modules/trust/index'
import { afterTheDoor } from './after-the-door'
import { arrivalEstimates } from './arrival'
import { attacks } from './attacks'
import { catalogOnPostgres } from './catalog'
import { checkoutAndSweep } from './checkout'
import { fanOut } from './fan-out'
import { groceryCheckout, grocerySweep } from './grocery'
import { healthThroughput } from './health-throughput'
import { landingBundle } from './landing-bundle'
import { languages } from './languages'
import { runnerLocations } from './locations'
import { payoutsOnPostgres } from './payouts'
import { type Bench, formatReport } from './report'
import { runnersOnPostgres } from './runners'
import { shopTogether } from './shop-together'
import { startupTime } from './startup'
import { twoInstances } from './two-instances'

/** Run in order: the bundle first, because it builds dist/ when missing and the servers serve it. Later issues append here. */
const benches: Bench[] = [
  { name: 'landing bundle', run: landingBundle },
  { name: 'languages', run: languages },
  { name: 'startup', run: startupTime },
  { name: 'health throughput', run: healthThroughput },
  { name: 'attacks', run: attacks },
  { name: 'catalog on PostgreSQL', run: catalogOnPostgres },
  { name: 'checkout and sweep on PostgreSQL', run: checkoutAndSweep },
  { name: 'runners on PostgreSQL', run: runnersOnPostgres },
  { name: 'notification fan-out on PostgreSQL', run: fanOut },
  { name: 'shopping together on PostgreSQL', run: shopTogether },
  { name: 'two instances on PostgreSQL', run: twoInstances },
  { name: 'after the door on PostgreSQL', run: afterTheDoor },
  { name: 'payouts on PostgreSQL', run: payoutsOnPostgres },
  { name: 'grocery checkout on PostgreSQL', run: groceryCheckout },
  { name: 'grocery sweep on PostgreSQL', run: grocerySweep },
  { name: 'runner locations on PostgreSQL', run: runnerLocations },
  { name: 'arrival estimates on PostgreSQL', run: arrivalEstimates },
]

// Every figure here is wall-clock time, so the machine's load is part of the result.
const load = loadavg()[0]!.toFixed(2)
console.log(`Kirana benchmarks · Bun ${Bun.version} · ${cpus().length} CPUs · load ${load} · ${new Date().toISOString()}\n`)
// The benches write orders straight through the modules, as the server would, so trust is connected as the server connects it.
orderRecords.connectOrderTrust(orderTrust)
orderRecords.connectOrderTracking(orderTracking(estimatedRouter))
let overBudget = 0
// `bun run bench catalog` runs only the benchmarks whose name contains 'catalog'.
const only = process.argv.slice(2).join(' ')
for (const bench of benches.filter((candidate) => candidate.name.includes(only))) {
  for (const report of [await bench.run()].flat()) {
    console.log(`${formatReport(report)}\n`)
    if (report.overBudget) overBudget++
  }
}
// A figure past its budget fails the command, so CI or a person notices.
if (overBudget > 0) {
  console.log(`${overBudget} figure(s) over budget`)
  process.exitCode = 1
}
