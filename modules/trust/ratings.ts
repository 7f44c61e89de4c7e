import { type AnyColumn, and, count, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type OrderRating, orderContract, orderForParty, orderRecords, type Rating, type RunnerRating } from '../orders/index'
import { AFTER_DELIVERY_DAYS, batchedLookupPer, type Clock, conflict, MIN_RATINGS_FOR_AVERAGE } from '../shared/index'
import type { NewRating } from './contract'
import { orderRatings } from './schema'

type RatingRow = typeof orderRatings.$inferSelect

const toRating = (row: RatingRow): Rating => ({ stars: row.stars, comment: row.comment, createdAt: row.createdAt.toISOString() })

/**
 * POST /api/orders/{id}/rating: the buyer rates the runner and the runner the buyer, once each,
 * from delivery for 7 days. Anyone else gets the 404 of an order that does not exist; its own
 * buyer, before delivery (a runner or not), 409 NOT_DELIVERED. Once is the table's unique key, so
 * two taps at once still make one rating. Open pages of the order hear of it; the second rating
 * reveals both, which both are told of.
 */
export async function rateOrder(db: Database, clock: Clock, userId: string, orderId: string, rating: NewRating): Promise<RatingRow> {
  const order = await orderForParty(db, orderId, userId)
  if (order.status !== 'delivered' || !order.runnerId) throw conflict('You can rate once the order has been delivered.', 'NOT_DELIVERED')
  if (!orderContract.afterDeliveryOpen(order.deliveredAt, clock.now()))
    throw conflict(`Ratings close ${AFTER_DELIVERY_DAYS} days after delivery.`, 'RATING_CLOSED')
  const byBuyer = order.buyerId === userId
  const rated = await db.transaction(async (tx) => {
    // The order's row is held, so the buyer and the runner rating at once take turns: the second sees the first.
    await orderRecords.heldOrder(tx, order.id, 'update')
    const [row] = await tx
      .insert(orderRatings)
      .values({
        orderId: order.id,
        raterId: userId,
        rateeId: byBuyer ? order.runnerId! : order.buyerId,
        rateeRole: byBuyer ? 'runner' : 'buyer',
        stars: rating.stars,
        comment: rating.comment || null,
        revealAt: new Date(order.deliveredAt!.getTime() + orderContract.AFTER_DELIVERY_MS),
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return null
    // The second rating of the order makes both mutual: shown to each from now on.
    const both = await tx
      .update(orderRatings)
      .set({ mutual: true })
      .where(and(eq(orderRatings.orderId, order.id), sql`(select count(*) from ${orderRatings} r where r.order_id = ${order.id}) = 2`))
      .returning({ rateeId: orderRatings.rateeId, rateeRole: orderRatings.rateeRole, stars: orderRatings.stars })
    const ofRunner = both.find((rating) => rating.rateeRole === 'runner')
    if (ofRunner) await orderRecords.tallyMutualRating(tx, ofRunner.rateeId, ofRunner.stars)
    await orderRecords.announceOrderChange(tx, order.id)
    if (both.length > 0) await orderRecords.recordOrderEvent(tx, clock, order.id, 'rating_revealed')
    return both.length > 0 ? { ...row, mutual: true } : row
  })
  if (!rated) throw conflict('You have already rated this order.', 'ALREADY_RATED')
  return rated
}

/** The ratings on these orders, by order. */
async function ratingsOf(db: Database, orderIds: readonly string[]): Promise<Map<string, RatingRow[]>> {
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

/** The ratings on these orders as their views show them, by order: who gave each, to whom. */
export async function ratingsOnOrders(db: Database, orderIds: readonly string[]): Promise<Map<string, OrderRating[]>> {
  const byOrder = new Map<string, OrderRating[]>()
  for (const [orderId, rows] of await ratingsOf(db, orderIds)) {
    byOrder.set(
      orderId,
      rows.map((row) => ({ raterId: row.raterId, rateeId: row.rateeId, rating: toRating(row) })),
    )
  }
  return byOrder
}

/** The two ratings of an order once both have rated, for the notification that reveals them: who gave whom how many stars. */
export async function revealedRatings(db: Database, orderId: string) {
  const rows = (await ratingsOf(db, [orderId])).get(orderId) ?? []
  return rows.filter((row) => row.mutual).map((row) => ({ raterId: row.raterId, rateeId: row.rateeId, stars: row.stars }))
}

/** A runner's standing: their rating as buyers see it, and all they have delivered and earned. */
export type RunnerStanding = { rating: Pick<RunnerRating, 'average' | 'count'>; deliveries: number }

/**
 * Each runner's standing, from their tally and the ratings whose week ran out, in one statement.
 * The average (null under 3 ratings, else one decimal) counts a rating once its ratee may see it:
 * once both have rated (the mutual ones, kept in the runner's tally), or once its week is over
 * though the other never rated (read here from order_ratings' index, since no write marks a week
 * passing). So an average moving cannot tell a runner what one buyer gave before they could see
 * it. A runner without a tally has delivered nothing, so nobody could rate them either.
 */
export async function runnerStandings(db: Database, clock: Clock, runnerIds: readonly string[]): Promise<Map<string, RunnerStanding>> {
  const ids = [...new Set(runnerIds)]
  const standings = new Map<string, RunnerStanding>()
  if (ids.length === 0) return standings
  // A rating one side left alone, counted once its week is over: trust's subqueries on the runner's id, which orders' tally reads in the same statement.
  const late = (runnerId: AnyColumn) =>
    and(eq(orderRatings.rateeId, runnerId), eq(orderRatings.rateeRole, 'runner'), eq(orderRatings.mutual, false), lte(orderRatings.revealAt, clock.now()))
  const rows = await orderRecords.talliesWith(db, ids, {
    count: (runnerId) => sql`(${db.select({ count: count() }).from(orderRatings).where(late(runnerId))})`,
    stars: (runnerId) =>
      sql`(${db
        .select({ stars: sql`coalesce(sum(${orderRatings.stars}), 0)` })
        .from(orderRatings)
        .where(late(runnerId))})`,
  })
  for (const id of ids) {
    const { deliveries = 0, ratings = 0, stars = 0 } = rows.find((row) => row.runnerId === id) ?? {}
    standings.set(id, {
      rating: { average: ratings >= MIN_RATINGS_FOR_AVERAGE ? Math.round((stars / ratings) * 10) / 10 : null, count: ratings },
      deliveries,
    })
  }
  return standings
}

/** Every GET /api/runner/stats reads a standing: requests that come together share one read (batchedLookup). */
const standingLookup = batchedLookupPer((db: Database, clock: Clock) => (runnerIds: string[]) => runnerStandings(db, clock, runnerIds))

/** A runner's standing (runnerStandings), read together with other requests' runners. */
export async function runnerStanding(db: Database, clock: Clock, runnerId: string): Promise<RunnerStanding> {
  return (await standingLookup(db, clock)(runnerId))!
}

/** Each runner's figures as the buyer sees them on an order: the rating and the deliveries, never the earnings. */
export async function runnerRatings(db: Database, clock: Clock, runnerIds: readonly string[]): Promise<Map<string, RunnerRating>> {
  const figures = new Map<string, RunnerRating>()
  for (const [id, { rating, deliveries }] of await runnerStandings(db, clock, runnerIds)) figures.set(id, { ...rating, deliveries })
  return figures
}
