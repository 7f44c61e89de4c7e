import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type GroceryCharge, orderPayments, type PaymentGateway, type Transfer, transfers } from '../payments/index'
import { formatCents } from '../shared/index'
import { bankFailureWords } from './contract'
import { type LineRow, netOf, runnersPart } from './ledger'
import { refusalCause, refusedAtLastAttempt } from './refusals'
import { bankPayouts, payoutAccounts, payoutLines } from './schema'

/** A delivered order with a capture, as orders knows it: each must have its line. */
export type DeliveredOrder = { orderId: string; paymentIntentId: string }

export type LineDisagreement = { orderId: string; lineId: string | null; problems: string[] }

/** Gateway look-ups in flight at once while checking. */
const CONCURRENCY = 8

/**
 * The money going out, checked (`orders check`): every delivered order with a capture has its
 * line; what is left of the capture after refunds is the runner's line (its transfer less
 * reversals, or what is owed) plus the platform's share. Every order whose groceries were
 * charged by card has its groceries line; what is left of the grocery charge after refunds is
 * that line less what the platform bore (the refunds not from the runner). And the gateway
 * holds, for each paid line, exactly one transfer of the line's amount with the line's
 * reversals, and none for a line not paid. Each line is its order's runner's (`runners`, every
 * order's runner by its id), and its transfer went to that runner's payout account. No line's
 * money came back from the runner's bank without being sent again, and no line waits on a
 * transfer the gateway refused. Lists each order that disagrees, and why.
 */
export async function checkMoneyOut(
  db: Database,
  gateway: PaymentGateway,
  delivered: readonly DeliveredOrder[],
  groceries: readonly GroceryCharge[] = [],
  runners: ReadonlyMap<string, string | null> = new Map(),
): Promise<LineDisagreement[]> {
  const charged = groceries.filter((charge) => orderPayments.isCharged(charge.status))
  const orderIds = [...new Set([...delivered.map((order) => order.orderId), ...charged.map((charge) => charge.orderId)])]
  const read = orderIds.length === 0 ? [] : await readInChunks(orderIds, (chunk) => db.select().from(payoutLines).where(inArray(payoutLines.orderId, chunk)))
  const deliveredIds = new Set(delivered.map((order) => order.orderId))
  // A delivery line is checked with its delivered order; a groceries line with its charge, delivered yet or not.
  const lines = read.filter((line) => line.kind === 'groceries' || deliveredIds.has(line.orderId))
  const lineOf = (kind: LineRow['kind']) => new Set(lines.filter((line) => line.kind === kind).map((line) => line.orderId))
  const [deliveryLines, groceryLines] = [lineOf('delivery'), lineOf('groceries')]
  const payments = await orderPayments.paymentsOf(
    db,
    delivered.map((order) => order.paymentIntentId),
  )
  const groceryCharges = new Map(groceries.map((charge) => [charge.paymentIntentId, charge]))
  const runnerIds = [...new Set(lines.map((line) => line.runnerId))]
  const accounts =
    runnerIds.length === 0
      ? []
      : await readInChunks(runnerIds, (chunk) =>
          db
            .select({ runnerId: payoutAccounts.runnerId, gatewayAccountId: payoutAccounts.gatewayAccountId })
            .from(payoutAccounts)
            .where(inArray(payoutAccounts.runnerId, chunk)),
        )
  const accountOf = new Map(accounts.map((account) => [account.runnerId, account.gatewayAccountId]))
  const payoutIds = [...new Set(lines.flatMap((line) => (line.bankPayoutId ? [line.bankPayoutId] : [])))]
  const payoutsRead =
    payoutIds.length === 0 ? [] : await readInChunks(payoutIds, (chunk) => db.select().from(bankPayouts).where(inArray(bankPayouts.id, chunk)))
  const bankPayoutOf = new Map(payoutsRead.map((payout) => [payout.id, payout]))
  const found: LineDisagreement[] = []
  for (const order of delivered) {
    if (!deliveryLines.has(order.orderId)) found.push({ orderId: order.orderId, lineId: null, problems: ['delivered with a capture, but no earnings line'] })
  }
  for (const charge of charged) {
    if (!groceryLines.has(charge.orderId))
      found.push({ orderId: charge.orderId, lineId: null, problems: [`groceries charged ${formatCents(charge.chargedCents)}, but no groceries line`] })
  }
  const checks = lines.map((line) => async () => {
    const problems = line.kind === 'groceries' ? groceriesDisagreement(line, groceryCharges.get(line.paymentIntentId)) : deliveryDisagreement(line, payments)
    const orderRunner = runners.get(line.orderId)
    if (orderRunner !== undefined && orderRunner !== line.runnerId)
      problems.push(`the line is runner ${line.runnerId}'s, but the order's runner is ${orderRunner ?? 'nobody'}`)
    if (line.bankStatus === 'returned')
      problems.push(`its payout to the bank came back (${bankFailureWords(line.returnCode)}) on ${line.returnedAt!.toISOString()} and has not been sent again`)
    if (line.bankPayoutId) problems.push(...bankDisagreement(line, bankPayoutOf.get(line.bankPayoutId)))
    // The ledger may agree to the cent and the runner still wait: a line the gateway keeps refusing is support's to put right.
    if (refusedAtLastAttempt(line)) problems.push(`cannot be paid: its last transfer was refused, ${refusalCause(line)}`)
    const atGateway = (await transfers.ofOrder(gateway, line.orderId)).filter((transfer: Transfer) => transfer.metadata.lineId === line.id)
    if (line.transferId === null) {
      if (atGateway.length > 0) problems.push(`not paid here, but the gateway holds ${atGateway.length} transfer(s) for it`)
    } else if (atGateway.length !== 1) problems.push(`paid, but the gateway holds ${atGateway.length} transfers for it`)
    else {
      const [transfer] = atGateway
      if (transfer!.id !== line.transferId) problems.push(`paid by ${line.transferId}, but the gateway's transfer is ${transfer!.id}`)
      const destination = accountOf.get(line.runnerId) ?? null
      if (transfer!.destination !== destination)
        problems.push(`transferred to ${transfer!.destination}, but the line's runner's payout account is ${destination ?? 'none'}`)
      if (transfer!.amountCents !== line.transferredCents)
        problems.push(`transferred ${formatCents(line.transferredCents!)} here, ${formatCents(transfer!.amountCents)} at the gateway`)
      if (transfer!.reversedCents !== line.reversedCents)
        problems.push(`reversed ${formatCents(line.reversedCents)} here, ${formatCents(transfer!.reversedCents)} at the gateway`)
    }
    if (problems.length > 0) found.push({ orderId: line.orderId, lineId: line.id, problems })
  })
  for (let start = 0; start < checks.length; start += CONCURRENCY) await Promise.all(checks.slice(start, start + CONCURRENCY).map((check) => check()))
  return found
}

/** A line's bank status against the bank payout that last carried it, as the gateway reported it. */
function bankDisagreement(line: LineRow, payout: typeof bankPayouts.$inferSelect | undefined): string[] {
  if (!payout) return [`its bank payout ${line.bankPayoutId} is not recorded`]
  if (line.bankStatus === 'paid' && payout.status === 'failed')
    return [`it reads paid, but its bank payout ${payout.id} came back (${bankFailureWords(payout.failureCode)})`]
  if (line.bankStatus === 'returned' && payout.status === 'paid') return [`it reads returned, but its bank payout ${payout.id} was paid`]
  return []
}

/** A delivery line against its payment: the fee and tip less refunds is the line plus the platform's share. */
function deliveryDisagreement(line: LineRow, payments: Awaited<ReturnType<typeof orderPayments.paymentsOf>>): string[] {
  const payment = payments.get(line.paymentIntentId)
  if (!payment) return ['no payment recorded for the line']
  const problems: string[] = []
  if (payment.amountCents !== line.capturedCents)
    problems.push(`the line says ${formatCents(line.capturedCents)} was captured, payments ${formatCents(payment.amountCents)}`)
  const owed = runnersPart(line, payment.refundedCents)
  // A transfer under way is judged once it settles (the next run finishes it); everything else must add up now.
  if (line.transferringCents === null && netOf(line) !== owed) {
    problems.push(`the runner's line is ${formatCents(netOf(line))}, but ${formatCents(owed)} of the capture less refunds and the platform's share is theirs`)
  }
  return problems
}

/** A groceries line against its charge: the grocery charge less its refunds is the line less what the platform bore (of the extra charge's refunds, all). */
function groceriesDisagreement(line: LineRow, charge: GroceryCharge | undefined): string[] {
  if (!charge || !orderPayments.isCharged(charge.status)) return ['a groceries line, but no grocery charge recorded for it']
  const problems: string[] = []
  if (charge.chargedCents !== line.capturedCents)
    problems.push(`the groceries line says ${formatCents(line.capturedCents)} was charged, payments ${formatCents(charge.chargedCents)}`)
  const refundedCents = charge.refundedCents + charge.extraRefundedCents
  const platformBore = refundedCents - charge.refundedFromRunnerCents
  const left = charge.chargedCents - refundedCents
  if (line.transferringCents === null && netOf(line) - platformBore !== left) {
    problems.push(
      `the groceries line is ${formatCents(netOf(line))} and the platform bore ${formatCents(platformBore)} of the refunds, but ${formatCents(left)} of the grocery charge is left after refunds`,
    )
  }
  return problems
}

/** Ids read in one query: well within PostgreSQL's 65,535 parameters. */
const READ_AT_ONCE = 5_000

async function readInChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = []
  for (let start = 0; start < ids.length; start += READ_AT_ONCE) found.push(...(await read(ids.slice(start, start + READ_AT_ONCE))))
  return found
}
