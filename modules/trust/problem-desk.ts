import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { userContacts } from '../accounts/index'
import { findOrder, orderContract, orderRecords, orderSupport } from '../orders/index'
import { groceries, idempotencyKeys, orderPayments, type PaymentGateway } from '../payments/index'
import { payoutLedger } from '../payouts/index'
import { badRequest, type Clock, conflict, isUuid, notFound, type ObjectStore } from '../shared/index'
import { findProblem, toProblem } from './problems'
import { orderProblems } from './schema'

/** A problem is named short by the first 8 characters of its id, as a refund's line in the payment timeline prints it. */
const SHORT_ID_LENGTH = 8
const SHORT_ID = new RegExp(`^[0-9a-f]{${SHORT_ID_LENGTH}}$`)
const shortProblemId = (id: string) => id.slice(0, SHORT_ID_LENGTH)

/**
 * The problems support means by an id: the whole id or its first 8 characters, in any case, or
 * its last 8, which the payment timeline printed for refunds made before it printed the first.
 */
function problemReference(reference: string) {
  const text = reference.trim().replace(/^#/, '').toLowerCase()
  if (isUuid(text)) return eq(orderProblems.id, text)
  if (!SHORT_ID.test(text)) return sql`false`
  return or(sql`left(${orderProblems.id}::text, ${SHORT_ID_LENGTH}) = ${text}`, sql`right(${orderProblems.id}::text, ${SHORT_ID_LENGTH}) = ${text}`)
}

/**
 * For support's `orders problems`, the problems `orders show` lists for one order, and the one
 * `orders resolve` or `orders photo` names: newest first, each with its order's number and who reported it.
 */
export async function problemsForSupport(db: Database, filter: { open?: boolean; reference?: string; orderId?: string } = {}) {
  if (filter.orderId !== undefined && !isUuid(filter.orderId)) return []
  const rows = await db
    .select()
    .from(orderProblems)
    .where(
      and(
        filter.open ? eq(orderProblems.status, 'open') : undefined,
        filter.reference === undefined ? undefined : problemReference(filter.reference),
        filter.orderId === undefined ? undefined : eq(orderProblems.orderId, filter.orderId),
      ),
    )
    .orderBy(desc(orderProblems.createdAt))
    .limit(500)
  const reporterIds = rows.map((problem) => problem.reporterId)
  const orderIds = rows.map((problem) => problem.orderId)
  const [contacts, buyers] = await Promise.all([userContacts(db, reporterIds), orderRecords.buyersOf(db, orderIds)])
  return rows.map((problem) => {
    const reporter = contacts.get(problem.reporterId)
    return {
      ...toProblem(problem, { buyerId: buyers.get(problem.orderId)! }),
      orderNumber: orderContract.shortOrderId(problem.orderId),
      reporterId: problem.reporterId,
      reporterName: [reporter?.firstName, reporter?.lastName].filter(Boolean).join(' ') || null,
    }
  })
}

/** For support's `orders photo`: a problem's photo as the object store keeps it; null when it has none. */
export async function problemPhotoForSupport(db: Database, objects: ObjectStore, problemId: string) {
  const problem = isUuid(problemId) ? await findProblem(db, problemId) : null
  if (!problem?.photo) return null
  const stored = await objects.get(problem.photo.key)
  return stored && { contentType: stored.contentType, bytes: await Bun.readableStreamToBytes(stored.body) }
}

const nothingToRefund = () => badRequest('There is nothing to refund: the amount is $0.00.', 'NOTHING_TO_REFUND')

/** What support gives back for a problem: the fee, the tip, all that is left of the charge, or cents; or cents of the grocery charge. */
export type ProblemRefund = 'fee' | 'tip' | 'all' | { cents: number } | { groceryCents: number }

/**
 * Support resolves a problem (`orders resolve`), with a note and perhaps a refund through the
 * order's refunds under the problem's own key: of the fee and tip's charge, or of the grocery
 * charge, borne by the platform or, `fromRunner`, by the runner's groceries line (payments refuses
 * `fromRunner` off the fee and tip: 400 REFUND_NOT_FROM_RUNNER). A resolve that
 * stopped after its refund finds that refund and repeats it as it was. Returns the order as it
 * was before, and the refund's outcome.
 */
export async function resolveProblem(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  problemId: string,
  resolution: { note: string; refund?: ProblemRefund; fromRunner?: boolean },
) {
  const problem = isUuid(problemId) ? await findProblem(db, problemId) : null
  if (!problem) throw notFound(`No problem ${problemId}`, 'PROBLEM_NOT_FOUND')
  if (problem.status === 'resolved') throw conflict(`Problem ${problemId} was already resolved: ${problem.resolution}`, 'ALREADY_RESOLVED')
  const order = (await findOrder(db, problem.orderId))!
  let outcome = null
  if (resolution.refund) {
    // Once, whatever happens: a resolve tried again repeats the same refund.
    const key = idempotencyKeys.problemRefund(problem.id)
    const asked = resolution.refund
    const groceriesAsked = typeof asked === 'object' && 'groceryCents' in asked
    const [groceryCharge] = groceriesAsked ? await groceries.chargesOf(db, { orderIds: [order.id] }) : []
    const refundedIntent = groceriesAsked ? groceryCharge?.paymentIntentId : order.paymentIntentId
    const earlier = refundedIntent ? (await orderPayments.refundsOf(db, refundedIntent)).find((row) => row.idempotencyKey === key) : undefined
    const amountCents =
      earlier?.amountCents ??
      (asked === 'fee'
        ? order.platformFeeCents
        : asked === 'tip'
          ? order.tipCents
          : asked === 'all'
            ? 'rest'
            : 'cents' in asked
              ? asked.cents
              : asked.groceryCents)
    if (amountCents === 0) throw nothingToRefund()
    outcome = await orderSupport.refundOrder(db, gateway, clock, order, {
      amountCents,
      key,
      reason: `problem ${shortProblemId(problem.id)}: ${resolution.note}`,
      part: groceriesAsked ? 'groceries' : 'charge',
      fromRunner: resolution.fromRunner,
    })
    if (outcome.refundId === null) throw nothingToRefund()
  }
  const resolved = await db.transaction(async (tx) => {
    // The order's row first, as a report takes it: a report at the same moment comes wholly before or after.
    await orderRecords.heldOrder(tx, order.id, 'update')
    const [done] = await tx
      .update(orderProblems)
      .set({ status: 'resolved', resolution: resolution.note, refundCents: outcome?.amountCents ?? null, resolvedAt: clock.now() })
      .where(and(eq(orderProblems.id, problem.id), eq(orderProblems.status, 'open')))
      .returning()
    if (!done) return null
    const stillOpen = await tx
      .select({ kind: orderProblems.kind })
      .from(orderProblems)
      .where(and(eq(orderProblems.orderId, order.id), eq(orderProblems.status, 'open')))
    // The runner's earnings on the order go on once no problem on it is open; the groceries paid back once no dispute of their total is.
    if (stillOpen.length === 0) await payoutLedger.holdLines(tx, clock, order.id, false)
    else if (!stillOpen.some((open) => open.kind === 'grocery_total')) await payoutLedger.holdLines(tx, clock, order.id, false, ['groceries'])
    // Its buyer and runner are told, and their open screens show it.
    await orderRecords.touchOrder(tx, clock, order.id)
    await orderRecords.recordOrderEvent(tx, clock, order.id, 'problem_resolved', problem.id)
    await orderRecords.announceOrderChange(tx, order.id)
    return done
  })
  if (!resolved) throw conflict(`Problem ${problemId} was resolved meanwhile.`, 'ALREADY_RESOLVED')
  return { problem: toProblem(resolved, order), order, refund: outcome }
}
