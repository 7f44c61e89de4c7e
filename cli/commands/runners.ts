import type { Command } from 'commander'
import { userContacts } from '../../modules/accounts/index'
import { bankFailureWords, payoutDesk } from '../../modules/payouts/index'
import { liftPause, pausedRunners } from '../../modules/runner/index'
import { formatCents, isUuid } from '../../modules/shared/index'
import { trackingFigures } from '../../modules/tracking/index'
import { printList } from './format-table'
import { orderNumber, person, when } from './order-lookup'
import { runnerNamed } from './payouts'
import { CliError, cliClock, withDatabase } from './with-database'

/** `runners paused|show|unpause`: runners whose accepts are paused for giving up orders, one runner's standing and money, and lifting a pause. */
export function registerRunnerCommands(program: Command) {
  const runners = program.command('runners').description("runners: who is paused, one runner's payout account and balances, lifting a pause")

  runners
    .command('paused')
    .description('runners who gave up more than 3 orders in 7 days, paused for 24 hours from the last')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async ({ db }) => {
        const paused = await pausedRunners(db, cliClock)
        const contacts = await userContacts(
          db,
          paused.map((entry) => entry.runnerId),
        )
        const rows = paused.map((entry) => {
          const contact = contacts.get(entry.runnerId)
          return {
            runnerId: entry.runnerId,
            name: person(contact?.firstName ?? null, contact?.lastName ?? null),
            phone: contact?.phone ?? null,
            until: entry.until.toISOString(),
          }
        })
        printList(rows, { json: options.json, none: 'No runner is paused.' }, [
          { title: 'Runner', value: (row: (typeof rows)[number]) => row.name },
          { title: 'Phone', value: (row) => row.phone ?? '-' },
          { title: 'Paused until', value: (row) => when(row.until) },
          { title: 'Id', value: (row) => row.runnerId },
        ])
      }),
    )

  runners
    .command('show <runner>')
    .description(
      'a runner by phone, email or id: contacts, pause, payout account, balances, lines the gateway refused at their last attempt, and the last payouts to their bank',
    )
    .option('--json', 'print JSON')
    .action((reference: string, options: { json?: boolean }) =>
      withDatabase(async ({ db }) => {
        const runner = await runnerNamed(db, reference)
        const [paused, payouts, bankPayouts, arrivals] = await Promise.all([
          pausedRunners(db, cliClock),
          payoutDesk.accountAndBalance(db, cliClock, runner.id),
          payoutDesk.bankPayoutsOf(db, runner.id),
          trackingFigures.arrivalError(db, runner.id),
        ])
        const shown = {
          runnerId: runner.id,
          name: person(runner.firstName, runner.lastName),
          phone: runner.phone,
          email: runner.email,
          pausedUntil: paused.find((entry) => entry.runnerId === runner.id)?.until.toISOString() ?? null,
          account: payouts.account,
          balance: payouts.balance,
          refused: payouts.refused,
          // How far their deliveries came from the arrival the ETA predicted at pick-up.
          arrivals,
          // The last payouts of their connected balance to their bank, newest first: a failed one is money that came back.
          bankPayouts: bankPayouts.map((payout) => ({
            id: payout.id,
            amountCents: payout.amountCents,
            status: payout.status,
            failure: payout.status === 'failed' ? bankFailureWords(payout.failureCode) : null,
            createdAt: payout.createdAt.toISOString(),
          })),
        }
        if (options.json) return console.log(JSON.stringify(shown, null, 2))
        const { account, balance } = shown
        console.log(`${shown.name} (${shown.runnerId})`)
        console.log(`Phone ${shown.phone ?? '-'}, email ${shown.email ?? '-'}`)
        console.log(
          arrivals.medianAbsoluteErrorMinutes === null
            ? 'ETA error: no delivery measured yet'
            : `ETA error: median ${arrivals.medianAbsoluteErrorMinutes} min off the pick-up's prediction, over ${arrivals.deliveries} deliveries`,
        )
        console.log(shown.pausedUntil ? `Accepts paused until ${when(shown.pausedUntil)}` : 'Accepts not paused')
        console.log(`Payout account: ${account.status}${account.restrictedReason ? ` (${account.restrictedReason})` : ''}`)
        console.log(
          `Balances: pending ${formatCents(balance.pendingCents)}, held ${formatCents(balance.heldCents)}, available ${formatCents(balance.availableCents)}, in transit ${formatCents(balance.inTransitCents)}, returned ${formatCents(balance.returnedCents)}, paid ${formatCents(balance.paidCents)}`,
        )
        for (const line of shown.refused) {
          console.log(
            `Refused at its last attempt: ${line.kind} line ${line.lineId} (order ${orderNumber(line.orderId)}, ${formatCents(line.amountCents)}): ${line.cause}`,
          )
        }
        for (const payout of shown.bankPayouts)
          console.log(
            `Bank payout ${payout.id}: ${formatCents(payout.amountCents)} ${payout.status === 'paid' ? 'paid' : `came back (${payout.failure})`}, made ${when(payout.createdAt)}`,
          )
      }),
    )

  runners
    .command('unpause <runnerId>')
    .description("lift a runner's pause: the orders they gave up so far stop counting")
    .option('--json', 'print JSON')
    .action((runnerId: string, options: { json?: boolean }) =>
      withDatabase(async ({ db }) => {
        const contact = isUuid(runnerId) ? (await userContacts(db, [runnerId])).get(runnerId) : undefined
        if (!contact) throw new CliError(`No runner ${runnerId}`)
        const wasPaused = (await pausedRunners(db, cliClock)).some((entry) => entry.runnerId === contact.id)
        await liftPause(db, cliClock, contact.id)
        if (options.json) return console.log(JSON.stringify({ runnerId: contact.id, wasPaused, paused: false }, null, 2))
        console.log(
          wasPaused
            ? `Lifted the pause on ${person(contact.firstName, contact.lastName)}; they can accept orders again, and the orders they gave up so far no longer count.`
            : `${person(contact.firstName, contact.lastName)} was not paused; the orders they gave up so far no longer count.`,
        )
      }),
    )
}
