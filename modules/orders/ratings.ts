import { and, count, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, conflict, MIN_RATINGS_FOR_AVERAGE, notFound } from '../shared/index'
import { AFTER_DELIVERY_MS, afterDeliveryOpen, type NewRating, ORDER_NOT_FOUND, type Rating, type RunnerRating } from './contract'
import { findOrder } from './order-queries'
import { orderRatings, orders } from './schema'

export type RatingRow = typeof orderRatings.$inferSelect

export const toRating = (row: RatingRow): Rating => ({ stars: row.stars, comment: row.comment, createdAt: row.createdAt.toISOString() })

/**
 * POST /api/orders/{id}/rating: the buyer rates the runner and the runner the buyer, once each,
 * from delivery for 7 days. Anyone else gets the 404 of an order that does not exist. Once is
 * the table's unique key, so two taps at once still make one rating.
 */
export async function rateOrder(db: Database, clock: Clock, userId: string, orderId: string, rating: NewRating): Promise<RatingRow> {
  const order = await findOrder(db, orderId)
  if (!order?.runnerId || (order.buyerId !== userId && order.runnerId !== userId)) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  if (order.status !== 'delivered') throw conflict('You can rate once the order has been delivered.', 'NOT_DELIVERED')
  if (!afterDeliveryOpen(order.deliveredAt, clock.now())) throw conflict('Ratings close 7 days after delivery.', 'RATING_CLOSED')
  const byBuyer = order.buyerId === userId
  const rated = await db.transaction(async (tx) => {
    // The order's row is held, so the buyer and the runner rating at once take turns: the second sees the first.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update')
    const [row] = await tx
      .insert(orderRatings)
      .values({
        orderId: order.id,
        raterId: userId,
        rateeId: byBuyer ? order.runnerId! : order.buyerId,
        rateeRole: byBuyer ? 'runner' : 'buyer',
        stars: rating.stars,
        comment: rating.comment || null,
        revealAt: new Date(order.deliveredAt!.getTime() + AFTER_DELIVERY_MS),
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return null
    // The second rating of the order makes both mutual: shown to each from now on.
    const [both] = await tx
      .update(orderRatings)
      .set({ mutual: true })
      .where(and(eq(orderRatings.orderId, order.id), sql`(select count(*) from ${orderRatings} r where r.order_id = ${order.id}) = 2`))
      .returning({ id: orderRatings.id })
    return both ? { ...row, mutual: true } : row
  })
  if (!rated) throw conflict('You have already rated this order.', 'ALREADY_RATED')
  return rated
}

/** The ratings on these orders, by order. */
export async function ratingsOf(db: Database, orderIds: readonly string[]): Promise<Map<string, RatingRow[]>> {
  const byOrder = new Map<string, RatingRow[]>()
  if (orderIds.length === 0) return byOrder
  for (const row of await db
    .select()
    .from(orderRatings)
    .where(inArray(orderRatings.orderId, [...orderIds]))) {
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row])
  }
  return byOrder
}

/**
 * The ratings a viewer's rating rule lets out: a rating is seen by the one it rates once both
 * have rated, or once the window has closed. Only those count towards an average, so that an
 * average moving cannot tell a runner what one buyer gave before they could see it.
 */
const revealed = (now: Date) => or(eq(orderRatings.mutual, true), lte(orderRatings.revealAt, now))

/** Each runner's average as a runner (null under 3 ratings, else one decimal), their ratings and their deliveries. */
export async function runnerRatings(db: Database, clock: Clock, runnerIds: readonly string[]): Promise<Map<string, RunnerRating>> {
  const ids = [...new Set(runnerIds)]
  const figures = new Map<string, RunnerRating>()
  if (ids.length === 0) return figures
  const rated = await db
    .select({ runnerId: orderRatings.rateeId, count: count(), average: sql<string>`avg(${orderRatings.stars})` })
    .from(orderRatings)
    .where(and(inArray(orderRatings.rateeId, ids), eq(orderRatings.rateeRole, 'runner'), revealed(clock.now())))
    .groupBy(orderRatings.rateeId)
  const delivered = await db
    .select({ runnerId: orders.runnerId, deliveries: count() })
    .from(orders)
    .where(and(inArray(orders.runnerId, ids), eq(orders.status, 'delivered')))
    .groupBy(orders.runnerId)
  for (const id of ids) {
    const ratings = rated.find((row) => row.runnerId === id)
    const total = ratings?.count ?? 0
    figures.set(id, {
      average: total >= MIN_RATINGS_FOR_AVERAGE ? Math.round(Number(ratings!.average) * 10) / 10 : null,
      count: total,
      deliveries: delivered.find((row) => row.runnerId === id)?.deliveries ?? 0,
    })
  }
  return figures
}
