import { type AnyColumn, and, asc, count, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { findOrder, type OrderRow, orderContract, orderForParty, orderRecords } from '../orders/index'
import { idempotencyKeys, orderPayments } from '../payments/index'
import { payoutLedger } from '../payouts/index'
import {
  AFTER_DELIVERY_DAYS,
  badRequest,
  type Clock,
  conflict,
  decimalAmount,
  describeForLog,
  isUuid,
  MAX_OPEN_PROBLEMS,
  notFound,
  type ObjectStore,
  receiveForm,
  validInput,
} from '../shared/index'
import { newProblemSchema, PROBLEM_KIND_LABELS, PROBLEM_KINDS_BY_SIDE, type Problem, type ProblemKind, problemPhotoUrl, problemReportsOpen } from './contract'
import { orderProblems } from './schema'

export type ProblemRow = typeof orderProblems.$inferSelect

const reportsClosed = (order: OrderRow) =>
  conflict(
    order.status === 'delivered'
      ? `Problems can be reported up to ${AFTER_DELIVERY_DAYS} days after delivery.`
      : `Problems can be reported once a runner has accepted the order, and up to ${AFTER_DELIVERY_DAYS} days after delivery.`,
    'PROBLEM_REPORTS_CLOSED',
  )

/** A kind the reporter's side may not name (a buyer unreachable to themselves, a runner absent from their own order). */
function assertKindForSide(order: OrderRow, userId: string, kind: ProblemKind) {
  // The reporter is one of the order's parties (orderForParty let them in): its buyer, or else its runner.
  const side = order.buyerId === userId ? 'buyer' : 'runner'
  if ((PROBLEM_KINDS_BY_SIDE[side] as readonly ProblemKind[]).includes(kind)) return
  const message = `A ${side} cannot report "${PROBLEM_KIND_LABELS[kind]}".`
  throw badRequest(message, 'PROBLEM_KIND_NOT_ALLOWED', { kind: message })
}

const tooMany = () => conflict(`You already have ${MAX_OPEN_PROBLEMS} open reports on this order. Support will answer them first.`, 'TOO_MANY_OPEN_PROBLEMS')

export const toProblem = (row: ProblemRow, order: Pick<OrderRow, 'buyerId'>): Problem => ({
  id: row.id,
  orderId: row.orderId,
  kind: row.kind,
  details: row.details,
  reportedBy: row.reporterId === order.buyerId ? 'buyer' : 'runner',
  status: row.status,
  resolution: row.resolution,
  refund: row.refundCents === null ? null : { amount: decimalAmount(row.refundCents) },
  photoUrl: row.photo ? problemPhotoUrl(row.orderId, row.id) : null,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
})

const openCount = async (db: Database, orderId: string, reporterId: string) =>
  (
    await db
      .select({ open: count() })
      .from(orderProblems)
      .where(and(eq(orderProblems.orderId, orderId), eq(orderProblems.reporterId, reporterId), eq(orderProblems.status, 'open')))
  )[0]?.open ?? 0

/**
 * POST /api/orders/{id}/problems, by the buyer or the assigned runner: JSON { kind, details }, or
 * the same as multipart/form-data with an optional `photo` taken under the receipt's rules. Who,
 * when and how many are checked before a byte of the body is read, and again, on the locked
 * order, in the transaction that writes the report and the event that tells the other party.
 */
export async function reportProblem(db: Database, clock: Clock, objects: ObjectStore, userId: string, orderId: string, request: Request) {
  const order = await orderForParty(db, orderId, userId)
  if (!problemReportsOpen(order, clock.now())) throw reportsClosed(order)
  if ((await openCount(db, order.id, userId)) >= MAX_OPEN_PROBLEMS) throw tooMany()

  const { fields, photo } = await receiveForm(request)
  const { kind, details } = validInput(newProblemSchema, fields)
  assertKindForSide(order, userId, kind)
  const key = photo ? `orders/${order.id}/problems/${crypto.randomUUID()}.${photo.extension}` : null
  if (photo && key) await objects.put(key, photo.bytes, photo.contentType)
  try {
    return await db.transaction(async (tx) => {
      const locked = await orderRecords.heldOrder(tx, order.id, 'update')
      if (!locked || !problemReportsOpen(locked, clock.now())) throw reportsClosed(locked ?? order)
      if ((await openCount(tx, order.id, userId)) >= MAX_OPEN_PROBLEMS) throw tooMany()
      const now = clock.now()
      const [row] = await tx
        .insert(orderProblems)
        .values({
          orderId: order.id,
          reporterId: userId,
          kind,
          details,
          photo: photo && key ? { key, contentType: photo.contentType, bytes: photo.bytes.byteLength, uploadedAt: now.toISOString() } : null,
          createdAt: now,
        })
        .returning()
      await orderRecords.recordOrderEvent(tx, clock, order.id, 'problem_reported', row!.id)
      // The runner's earnings on the order wait until support resolves it; the groceries paid back wait only for a dispute of their total.
      await payoutLedger.holdLines(tx, clock, order.id, true, kind === 'grocery_total' ? ['delivery', 'groceries'] : ['delivery'])
      return toProblem(row!, order)
    })
  } catch (error) {
    // Refused after the photo was stored: nothing refers to it.
    if (key) await objects.delete(key).catch((failure) => console.error(`could not delete unused photo ${key}: ${describeForLog(failure)}`))
    throw error
  }
}

/** GET /api/orders/{id}/problems: every report on the order, oldest first, to its buyer and runner. */
export async function problemsOf(db: Database, orderId: string, userId: string): Promise<Problem[]> {
  const order = await orderForParty(db, orderId, userId)
  const rows = await db.select().from(orderProblems).where(eq(orderProblems.orderId, order.id)).orderBy(asc(orderProblems.createdAt))
  return rows.map((row) => toProblem(row, order))
}

/** A report, for the notification that tells of it. */
export async function findProblem(db: Database, problemId: string): Promise<ProblemRow | null> {
  const [row] = await db.select().from(orderProblems).where(eq(orderProblems.id, problemId)).limit(1)
  return row ?? null
}

/**
 * A report as its notifications tell of it: who reported it, what went wrong (its kind, which each
 * reader's notice puts in their own words), how support resolved it, and its refund: how much, of
 * which charge, and whether the runner bore it.
 */
export async function problemToTell(db: Database, problemId: string) {
  const row = await findProblem(db, problemId)
  if (!row) return null
  const order = (await findOrder(db, row.orderId))!
  const refunds = (await orderPayments.settledRefundsOf(db, [{ orderId: order.id, paymentIntentId: order.paymentIntentId }])).get(order.id) ?? []
  const refund = refunds.find((made) => made.idempotencyKey === idempotencyKeys.problemRefund(row.id))
  return {
    reporterId: row.reporterId,
    kind: row.kind,
    resolution: row.resolution,
    refund: refund ? { amountCents: refund.amountCents, part: refund.part, fromRunner: refund.fromRunner } : null,
  }
}

/** GET /api/orders/{id}/problems/{problemId}/photo: as the order's photos, to its buyer and runner only. */
export async function problemPhoto(db: Database, userId: string, orderId: string, problemId: string) {
  const order = await orderForParty(db, orderId, userId)
  const problem = isUuid(problemId) ? await findProblem(db, problemId) : null
  if (!problem?.photo || problem.orderId !== order.id) throw notFound(orderContract.ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  return problem.photo
}

/** Whether a problem (of this kind, when given) is open on the order, read in the caller's transaction. */
export async function hasOpenProblem(tx: Database, orderId: string, kind?: ProblemKind): Promise<boolean> {
  const [open] = await tx
    .select({ id: orderProblems.id })
    .from(orderProblems)
    .where(and(eq(orderProblems.orderId, orderId), kind ? eq(orderProblems.kind, kind) : undefined, eq(orderProblems.status, 'open')))
    .limit(1)
  return open !== undefined
}

/** A condition for a query on orders: a grocery_total problem is open on the order whose id is `orderId`. */
export const openGroceryDispute = (orderId: AnyColumn) =>
  sql`exists (select 1 from ${orderProblems} where ${orderProblems.orderId} = ${orderId} and ${orderProblems.kind} = 'grocery_total' and ${orderProblems.status} = 'open')`

/** Whether a refund of the order, made under this key, was made for one of its problems (whose resolving tells of it). */
export async function isProblemRefund(db: Database, orderId: string, idempotencyKey: string): Promise<boolean> {
  const problems = await db.select({ id: orderProblems.id }).from(orderProblems).where(eq(orderProblems.orderId, orderId))
  return problems.some((problem) => idempotencyKeys.problemRefund(problem.id) === idempotencyKey)
}
