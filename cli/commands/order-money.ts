import type { Command } from 'commander'
import { findOrder, type Order, orderContract, orderSupport } from '../../modules/orders/index'
import { idempotencyKeys, isSystemKey, type RefundedPart, type RefundOutcome } from '../../modules/payments/index'
import { AppError, decimalToCents, formatCents } from '../../modules/shared/index'
import { problemDesk } from '../../modules/trust/index'
import { printList } from './format-table'
import { orderNamed, orderNumber, problemNamed, when, withPayments } from './order-lookup'
import { CliError, cliClock, withDatabase } from './with-database'

type ProblemRefund = NonNullable<Parameters<typeof problemDesk.resolveProblem>[4]['refund']>

const GROCERIES = 'groceries:'

/** fee, tip, all, dollars such as 4.50, or groceries:<dollars> of the grocery charge. */
function refundOption(text: string): ProblemRefund {
  if (text === 'fee' || text === 'tip' || text === 'all') return text
  const groceries = text.startsWith(GROCERIES)
  const cents = decimalToCents(groceries ? text.slice(GROCERIES.length) : text)
  if (cents === null || cents <= 0) throw new CliError(`--refund takes fee, tip, all, dollars such as 4.50, or groceries:<dollars> (got "${text}")`)
  return groceries ? { groceryCents: cents } : { cents }
}

/** The charge `--part` names: the fee and tip's (the default), the groceries' hold, or the extra charge above it. */
function partOption(text: string | undefined): RefundedPart {
  if (text === undefined || text === 'charge') return 'charge'
  if (text === 'groceries') return 'groceries'
  if (text === 'extra') return 'grocery_extra'
  throw new CliError(`--part takes charge, groceries or extra (got "${text}")`)
}

/** Each charge as support reads of it: what the card was charged, and for what. */
const CHARGED_FOR: Record<RefundedPart, string> = { charge: '', groceries: ' for the groceries', grocery_extra: ' above the grocery hold' }

type Earnings = Order['earnings']

/**
 * What a refund of the fee and tip did to the runner's earnings on the order, from the payouts
 * ledger before and after: a paid line's transfer partly reversed, an unpaid line lowered, or a
 * delivery not made yet earning less. Nothing when they did not move (a refund made before, or an
 * order that earns nothing).
 */
function earningsWords(before: Earnings, after: Earnings): string[] {
  if (!before || !after) return []
  const lowered = (decimalToCents(before.amount) ?? 0) - (decimalToCents(after.amount) ?? 0)
  if (lowered <= 0) return []
  const keeps = formatCents(decimalToCents(after.amount) ?? 0)
  if (after.status === 'paid') return [`The runner was paid already: ${formatCents(lowered)} of their transfer was reversed; they keep ${keeps}.`]
  if (after.status === 'expected') return [`The runner will earn ${keeps} once delivered, ${formatCents(lowered)} less.`]
  return [`The runner's earnings line is lowered by ${formatCents(lowered)} to ${keeps} before it is paid.`]
}

/**
 * What a refund did to the card, before and after: what it was charged, what had come back
 * already, this refund, and what is left; then what it did to the runner: for the fee and tip,
 * their earnings as the ledger has them before and after; for the groceries, who bore it.
 */
function describeRefund(
  outcome: RefundOutcome,
  key: string,
  part: RefundedPart,
  fromRunner: boolean | undefined,
  earnings: { before: Earnings; after: Earnings },
) {
  const charged = outcome.capturedCents
  // A replayed refund was already among what had come back; a new one came back just now.
  const before = outcome.replayed ? outcome.refundedCents : outcome.refundedCents - outcome.amountCents
  return [
    `Before: the card was charged ${formatCents(charged)}${CHARGED_FOR[part]}; ${formatCents(before)} had been refunded.`,
    outcome.replayed
      ? `This refund: ${formatCents(outcome.amountCents)} under key ${key} was already made; no new refund was made.`
      : `This refund: ${formatCents(outcome.amountCents)} under key ${key}.`,
    `After: ${formatCents(outcome.refundedCents)} of ${formatCents(charged)} refunded; ${formatCents(charged - outcome.refundedCents)} left.`,
    ...(part !== 'charge'
      ? [
          fromRunner
            ? 'The runner bears it: their groceries line is lowered, or its transfer reversed if paid.'
            : 'The platform bears it: the runner keeps their groceries line.',
        ]
      : earningsWords(earnings.before, earnings.after)),
  ].join('\n')
}

/** A refusal as the one line support reads. */
const refused = (error: unknown) => (error instanceof AppError ? new CliError(`Not refunded: ${error.message}`) : error)

/** `orders problems|resolve|refund`: problem reports, and money given back on a card. */
export function registerMoneyCommands(orders: Command) {
  orders
    .command('problems')
    .description('problems buyers and runners reported, newest first')
    .option('--open', 'only those not yet resolved')
    .option('--json', 'print JSON')
    .action((options: { open?: boolean; json?: boolean }) =>
      withDatabase(async ({ db }) => {
        const found = await problemDesk.problemsForSupport(db, { open: options.open })
        printList(found, { json: options.json, none: options.open ? 'No open problems.' : 'No problems reported.' }, [
          { title: 'Problem', value: (problem: (typeof found)[number]) => problem.id },
          { title: 'Order', value: (problem) => problem.orderNumber },
          { title: 'Reported', value: (problem) => when(problem.createdAt) },
          { title: 'By', value: (problem) => `${problem.reporterName ?? '-'} (${problem.reportedBy})` },
          { title: 'Kind', value: (problem) => problem.kind },
          { title: 'Status', value: (problem) => (problem.refund ? `${problem.status}, refunded $${problem.refund.amount}` : problem.status) },
          { title: 'Details', value: (problem) => (problem.details.length > 60 ? `${problem.details.slice(0, 59)}…` : problem.details).replace(/\s+/g, ' ') },
        ])
      }),
    )

  orders
    .command('resolve <problem>')
    .description(
      'resolve a problem, by its id, its first 8 characters or the 8 the payment timeline prints, with a note, refunding the fee, the tip, all that is left, or dollars, once per problem',
    )
    .requiredOption('--note <text>', 'what support did, which the buyer and runner see')
    .option('--refund <amount>', 'fee, tip, all, dollars such as 4.50, or groceries:<dollars> from the grocery charge')
    .option('--from-runner', "with --refund groceries:<dollars>: the runner was at fault, so it comes out of their groceries line, not the platform's pocket")
    .option('--json', 'print JSON')
    .action((reference: string, options: { note: string; refund?: string; fromRunner?: boolean; json?: boolean }) =>
      withPayments(async ({ db }, providers) => {
        const refund = options.refund === undefined ? undefined : refundOption(options.refund)
        const groceries = typeof refund === 'object' && 'groceryCents' in refund
        const problem = await problemNamed(db, reference)
        if (!problem) throw new CliError(`No problem ${reference}`)
        const earningsBefore = (await orderNamed(db, problem.orderId)).earnings
        const resolution = { note: options.note, refund, fromRunner: options.fromRunner }
        const resolved = await problemDesk.resolveProblem(db, providers.payments, cliClock, problem.id, resolution).catch((error) => {
          throw error instanceof AppError && error.code !== 'REFUND_EXCEEDS_CHARGE' ? new CliError(error.message) : refused(error)
        })
        if (options.json) return console.log(JSON.stringify({ problem: resolved.problem, refund: resolved.refund }, null, 2))
        if (resolved.refund) {
          const part = groceries ? 'groceries' : 'charge'
          const earnings = { before: earningsBefore, after: (await orderNamed(db, problem.orderId)).earnings }
          console.log(describeRefund(resolved.refund, idempotencyKeys.problemRefund(resolved.problem.id), part, options.fromRunner, earnings))
        }
        console.log(`Resolved problem ${resolved.problem.id} on order #${orderNumber(resolved.order.id)}: ${options.note}`)
      }),
    )

  orders
    .command('refund <order> <amount>')
    .description(
      "give back dollars (or all that is left) of an order's charge or its grocery charge, by its id or number; the same --key is the same refund, and without --key the same order, part, amount and reason are: run again, it refunds once",
    )
    .requiredOption('--reason <text>', 'why, for the payment record')
    .option(
      '--part <part>',
      'charge (the fee and tip, the default), groceries (the grocery charge of an order paid by card) or extra (what the groceries came to above their hold, charged to the card)',
    )
    .option('--from-runner', "with --part groceries: the runner was at fault, so it comes out of their groceries line, not the platform's pocket")
    .option(
      '--key <key>',
      'idempotency key: run again with it to finish or repeat this very refund. Without it the key is made from the order, part, amount and reason, so a command run again (after a timeout, say) refunds once; give a --key of your own to refund the same amount for the same reason a second time',
    )
    .option('--json', 'print JSON')
    .action((reference: string, amount: string, options: { reason: string; part?: string; fromRunner?: boolean; key?: string; json?: boolean }) =>
      withPayments(async ({ db }, providers) => {
        const part = partOption(options.part)
        const named = await orderNamed(db, reference)
        const row = await findOrder(db, named.id)
        if (!row) throw new CliError(`No order ${reference}`)
        const amountCents = amount === 'all' ? 'rest' : decimalToCents(amount)
        if (amountCents === null || (amountCents !== 'rest' && amountCents <= 0))
          throw new CliError(`The amount is dollars such as 4.50, or all (got "${amount}")`)
        if (options.key !== undefined && isSystemKey(options.key)) {
          throw new CliError(`--key ${options.key} is one the system makes for its own refunds; choose another, such as support:${orderNumber(row.id)}`)
        }
        const key = options.key ?? idempotencyKeys.supportRefund(row.id, part, amountCents, options.reason)
        const request: Parameters<typeof orderSupport.refundOrder>[4] = { amountCents, key, reason: options.reason, part, fromRunner: options.fromRunner }
        const outcome = await orderSupport.refundOrder(db, providers.payments, cliClock, row, request).catch((error) => {
          throw refused(error)
        })
        if (outcome.refundId === null)
          throw new CliError(
            `Not refunded: all ${formatCents(outcome.capturedCents)} of this order's ${orderContract.REFUNDED_CHARGE_NAMES[part]} has come back already.`,
          )
        if (options.json) return console.log(JSON.stringify({ orderId: row.id, key, part, fromRunner: Boolean(options.fromRunner), ...outcome }, null, 2))
        console.log(`Order #${orderNumber(row.id)}, ${row.storeName}`)
        console.log(describeRefund(outcome, key, part, options.fromRunner, { before: named.earnings, after: (await orderNamed(db, row.id)).earnings }))
      }),
    )
}
