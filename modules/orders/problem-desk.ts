import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { userContacts } from '../accounts/index'
import { idempotencyKeys, type PaymentGateway, refundsOf } from '../payments/index'
import { payoutLedger } from '../payouts/index'
import { badRequest, type Clock, conflict, notFound } from '../shared/index'
import { shortOrderId } from './contract'
import { findOrder } from './order-queries'
import { announceOrderChange, recordOrderEvent } from './outbox'
import { findProblem, toProblem } from './problems'
import { refundOrder } from './refund-order'
import { orderProblems, orders } from './schema'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** For support's `orders problems` (and the one `orders resolve` names): newest first, each with its order's number and who reported it. */
export async function problemsForSupport(db: Database, filter: { open?: boolean; id?: string } = {}) {
  if (filter.id !== undefined && !UUID.test(filter.id)) return []
  const rows = await db
    .select({ problem: orderProblems, buyerId: orders.buyerId })
    .from(orderProblems)
    .innerJoin(orders, eq(orders.id, orderProblems.orderId))
    .where(and(filter.open ? eq(orderProblems.status, 'open') : undefined, filter.id ? eq(orderProblems.id, filter.id) : undefined))
    .orderBy(desc(orderProblems.createdAt))
    .limit(500)
  const contacts = await userContacts(
    db,
    rows.map((row) => row.problem.reporterId),
  )
  return rows.map(({ problem, buyerId }) => {
    const reporter = contacts.get(problem.reporterId)
    return {
      ...toProblem(problem, { buyerId }),
      orderNumber: shortOrderId(problem.orderId),
      reporterId: problem.reporterId,
      reporterName: [reporter?.firstName, reporter?.lastName].filter(Boolean).join(' ') || null,
    }
  })
}

const nothingToRefund = () => badRequest('There is nothing to refund: the amount is $0.00.', 'NOTHING_TO_REFUND')

/** What support gives back for a problem: the fee, the tip, all that is left of the charge, or cents. */
export type ProblemRefund = 'fee' | 'tip' | 'all' | { cents: number }

/**
 * Support resolves a problem (`orders resolve`), with a note and perhaps a refund through the
 * order's refunds under the problem's own key. A resolve that stopped after its refund finds that
 * refund and repeats it as it was. Returns the order as it was before, and the refund's outcome.
 */
export async function resolveProblem(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  problemId: string,
  resolution: { note: string; refund?: ProblemRefund },
) {
  const problem = UUID.test(problemId) ? await findProblem(db, problemId) : null
  if (!problem) throw notFound(`No problem ${problemId}`, 'PROBLEM_NOT_FOUND')
  if (problem.status === 'resolved') throw conflict(`Problem ${problemId} was already resolved: ${problem.resolution}`, 'ALREADY_RESOLVED')
  const order = (await findOrder(db, problem.orderId))!
  let outcome = null
  if (resolution.refund) {
    // Once, whatever happens: a resolve tried again repeats the same refund.
    const key = idempotencyKeys.problemRefund(problem.id)
    const earlier = (await refundsOf(db, order.paymentIntentId)).find((row) => row.idempotencyKey === key)
    const asked = resolution.refund
    const amountCents =
      earlier?.amountCents ?? (asked === 'fee' ? order.platformFeeCents : asked === 'tip' ? order.tipCents : asked === 'all' ? 'rest' : asked.cents)
    if (amountCents === 0) throw nothingToRefund()
    outcome = await refundOrder(db, gateway, clock, order, { amountCents, key, reason: `problem ${shortOrderId(problem.id)}: ${resolution.note}` })
    if (outcome.refundId === null) throw nothingToRefund()
  }
  const resolved = await db.transaction(async (tx) => {
    // The order's row first, as a report takes it: a report at the same moment comes wholly before or after.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update')
    const [done] = await tx
      .update(orderProblems)
      .set({ status: 'resolved', resolution: resolution.note, refundCents: outcome?.amountCents ?? null, resolvedAt: clock.now() })
      .where(and(eq(orderProblems.id, problem.id), eq(orderProblems.status, 'open')))
      .returning()
    if (!done) return null
    const [stillOpen] = await tx
      .select({ id: orderProblems.id })
      .from(orderProblems)
      .where(and(eq(orderProblems.orderId, order.id), eq(orderProblems.status, 'open')))
      .limit(1)
    // The runner's earnings on the order go on once no problem on it is open.
    if (!stillOpen) await payoutLedger.hold(tx, clock, order.id, false)
    // Its buyer and runner are told, and their open screens show it.
    await tx.update(orders).set({ updatedAt: clock.now() }).where(eq(orders.id, order.id))
    await recordOrderEvent(tx, clock, order.id, 'problem_resolved', problem.id)
    await announceOrderChange(tx, order.id)
    return done
  })
  if (!resolved) throw conflict(`Problem ${problemId} was resolved meanwhile.`, 'ALREADY_RESOLVED')
  return { problem: toProblem(resolved, order), order, refund: outcome }
}
