import type { Command } from 'commander'
import { findUserByReference, userContacts } from '../../modules/accounts/index'
import { PAYOUT_LINE_STATUSES, type PayoutLineStatus, payoutDesk } from '../../modules/payouts/index'
import { formatCents } from '../../modules/shared/index'
import { payOutRunners } from '../../server/jobs'
import { providersFromConfig } from '../../server/providers'
import { printList } from './format-table'
import { person, when } from './order-lookup'
import { CliError, cliClock, cliConfig, withDatabase } from './with-database'

const LINE_STATUSES: readonly PayoutLineStatus[] = PAYOUT_LINE_STATUSES

/** Dollars with the sign in front: -$6.75. */
const signedCents = (cents: number) => (cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents))

/** The runner support names by id, email or phone. */
export async function runnerNamed(db: Parameters<typeof findUserByReference>[0], reference: string) {
  const user = await findUserByReference(db, reference)
  if (!user?.roles.includes('runner')) throw new CliError(`No runner ${reference}`)
  return user
}

/** A line's status for support: why a transfer was refused, why the bank sent it back, or that it came back and was sent again. */
function statusWords(line: { status: PayoutLineStatus; refusal: string | null; returnReason: string | null }) {
  if (line.status === 'returned') return `returned (${line.returnReason}), not yet sent again`
  if (line.returnReason) return `${line.status} (came back: ${line.returnReason}; sent again)`
  return line.refusal ? `${line.status} (last attempt refused: ${line.refusal})` : line.status
}

/** `payouts run|balance|list`: money going out to runners, and the platform's own. */
export function registerPayoutCommands(program: Command) {
  const payouts = program.command('payouts').description("runners' earnings and the transfers that pay them")

  payouts
    .command('run')
    .description('one payout run now: every available line of a runner whose payouts are enabled is transferred; exits 1 on any refusal')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async ({ db, kind }) => {
        const gateway = providersFromConfig({ db, clock: cliClock, config: cliConfig() }).payments
        // Another instance's run holds the lock: this one waits its turn rather than doing nothing.
        const run = (await payOutRunners({ db, dbKind: kind, clock: cliClock, gateway }, { wait: true }))!
        if (options.json) console.log(JSON.stringify(run, null, 2))
        else {
          for (const refused of run.refused) console.log(`line ${refused.lineId}: refused: ${refused.reason}`)
          for (const unreachable of run.unreachable) console.log(`line ${unreachable.lineId}: no answer, tried again next run: ${unreachable.reason}`)
          console.log(
            `Transferred ${run.transferred} lines, ${formatCents(run.amountCents)}; ${run.refused.length} refused; ${run.unreachable.length} unanswered; ${run.skipped} skipped (runners whose payouts are not enabled).`,
          )
          if (run.bankPayouts.paid + run.bankPayouts.failed > 0)
            console.log(`Paid ${run.bankPayouts.paid} connected balances on to runners' banks; ${run.bankPayouts.failed} came back from the bank.`)
        }
        if (run.refused.length + run.unreachable.length > 0) process.exitCode = 1
      }),
    )

  payouts
    .command('balance')
    .description(
      "the platform's own money: its share kept and the refunds it bore; what is owed to runners, what of it the platform's balance pays, and that balance at the gateway; exits 1 when it cannot cover those lines",
    )
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async ({ db }) => {
        const gateway = providersFromConfig({ db, clock: cliClock, config: cliConfig() }).payments
        const balance = await payoutDesk.platformBalance(db, gateway)
        if (options.json) console.log(JSON.stringify(balance, null, 2))
        else {
          const lines = (count: number) => `${count} line${count === 1 ? '' : 's'}`
          console.log(
            `The platform's own: ${signedCents(balance.ownCents)} (its share of deliveries ${formatCents(balance.shareCents)}, less ${signedCents(balance.boreCents)} of refunds it bore).`,
          )
          console.log(
            `Owed to runners, not yet transferred: ${formatCents(balance.owed.cents)} on ${lines(balance.owed.lines)}; of it the platform's balance pays ${formatCents(balance.fromBalance.cents)} on ${lines(balance.fromBalance.lines)} (worth more than is left of their charge).`,
          )
          console.log(
            balance.shortCents > 0
              ? `At the gateway: ${signedCents(balance.gatewayAvailableCents)} available, ${formatCents(balance.shortCents)} short of those lines: they wait until the balance covers them.`
              : `At the gateway: ${signedCents(balance.gatewayAvailableCents)} available, enough for those lines.`,
          )
        }
        if (balance.shortCents > 0) process.exitCode = 1
      }),
    )

  payouts
    .command('list')
    .description('earnings lines, newest first; in_transit and returned are lines whose money is not yet in a bank')
    .option('--runner <runner>', "the runner's phone, email or id")
    .option('--status <status>', LINE_STATUSES.join(', '))
    .option('--json', 'print JSON')
    .action((options: { runner?: string; status?: string; json?: boolean }) =>
      withDatabase(async ({ db }) => {
        if (options.status !== undefined && !LINE_STATUSES.includes(options.status as PayoutLineStatus)) {
          throw new CliError(`--status is one of ${LINE_STATUSES.join(', ')} (got "${options.status}")`)
        }
        const runner = options.runner === undefined ? undefined : await runnerNamed(db, options.runner)
        const lines = await payoutDesk.linesForSupport(db, cliClock, { runnerId: runner?.id, status: options.status as PayoutLineStatus | undefined })
        const contacts = await userContacts(db, [...new Set(lines.map((line) => line.runnerId))])
        printList(lines, { json: options.json, none: 'No earnings lines.' }, [
          { title: 'Line', value: (line: (typeof lines)[number]) => line.id },
          { title: 'Order', value: (line) => line.orderId.slice(-8).toUpperCase() },
          { title: 'Runner', value: (line) => person(contacts.get(line.runnerId)?.firstName ?? null, contacts.get(line.runnerId)?.lastName ?? null) },
          { title: 'Amount', value: (line) => formatCents(line.amountCents) },
          { title: 'Reversed', value: (line) => formatCents(line.reversedCents) },
          { title: 'Status', value: statusWords },
          { title: 'Available', value: (line) => when(line.availableAt) },
          { title: 'Paid', value: (line) => (line.paidAt ? `${when(line.paidAt)} ${line.transferId}` : '-') },
        ])
      }),
    )
}
