import { and, asc, count, desc, eq, gt, gte, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/database'
import { orderPayments } from '../payments/index'
import { type Clock, type Coordinates, nearPlace, type RunnerSince, runnerSinceLookup, runnerSinceRows } from '../shared/index'
import { orderGiveUps, orders } from './schema'
import type { OrderRow } from './transitions'

/** Where a page of offers ended: the last order's offer time and id (ties on the time go by id). */
export type OfferPosition = { offersOpenAt: Date; id: string }

/**
 * Orders waiting for a runner whose store is within `radiusMiles` of `from`, oldest first (then
 * by id), after `after` when given, with the distance to the store. Only orders on offer (offers
 * opened after `offeredAfter`, by `now`), never `notBuyer`'s own purchases. The plan walks the
 * partial index of waiting orders by offer time and stops at `limit`; the box and the exact
 * great-circle distance filter as it goes.
 */
export async function ordersWaitingNear(
  db: Database,
  query: { from: Coordinates; radiusMiles: number; notBuyer?: string; offeredAfter: Date; now: Date; after?: OfferPosition; limit: number },
) {
  const { from, radiusMiles, after } = query
  const { inBox, distance } = nearPlace({ latitude: orders.storeLatitude, longitude: orders.storeLongitude }, from, radiusMiles)
  const rows = await db
    .select({ order: orders, distance })
    .from(orders)
    .where(
      and(
        // Waiting: its payment authorized, or (given up by its runner and re-offered) captured already.
        eq(orders.status, 'pending_runner_acceptance'),
        gt(orders.offersOpenAt, query.offeredAfter),
        lte(orders.offersOpenAt, query.now),
        after ? and(gte(orders.offersOpenAt, after.offersOpenAt), or(gt(orders.offersOpenAt, after.offersOpenAt), gt(orders.id, after.id))) : undefined,
        query.notBuyer ? ne(orders.buyerId, query.notBuyer) : undefined,
        inBox,
        lte(distance, radiusMiles),
      ),
    )
    .orderBy(asc(orders.offersOpenAt), asc(orders.id))
    .limit(query.limit)
  return rows.map(({ order, distance: miles }) => ({ order: order as OrderRow, distance: Number(miles) }))
}

/**
 * Runners' deliveries since a time (today), for each runner and time asked: each a range of an
 * index that holds every column it reads, in one statement.
 */
async function deliveriesSinceMany(db: Database, asked: readonly RunnerSince[]) {
  return db
    .select({
      n: sql<number>`r.n`.mapWith(Number),
      value: sql<number>`(${db
        .select({ deliveries: count() })
        .from(orders)
        .where(and(sql`${orders.runnerId} = r.runner_id`, eq(orders.status, 'delivered'), sql`${orders.deliveredAt} >= r.since`))})`.mapWith(Number),
    })
    .from(runnerSinceRows(asked))
}

/** Every GET /api/runner/stats reads this: requests that come together share one read. */
const deliveriesLookup = runnerSinceLookup(deliveriesSinceMany, 0)

/** A runner's deliveries since a time (today), read together with other requests' runners. */
export async function deliveriesSince(db: Database, clock: Clock, runnerId: string, since: Date) {
  return deliveriesLookup(db, clock, { runnerId, since })
}

const RECOVERED_AT_ONCE = 200

/**
 * Runners' claims whose capture never settled (the process stopped between the two): for the
 * recovery job. Of the orders being shopped, those whose payment is still only authorized.
 */
export async function unsettledClaims(db: Database, acceptedBefore: Date): Promise<OrderRow[]> {
  const claimed = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'runner_accepted'), lte(orders.acceptedAt, acceptedBefore)))
  const payments = await orderPayments.paymentsOf(
    db,
    claimed.map((row) => row.paymentIntentId),
  )
  return claimed.filter((row) => payments.get(row.paymentIntentId)?.status === 'authorized').slice(0, RECOVERED_AT_ONCE)
}

/**
 * The give-ups of orders a runner had accepted, since a time: each recorded give-up (the order
 * went back to the offers), and orders ended as given up before give-ups were recorded (the old
 * rule cancelled them), counted once.
 */
function giveUpsSince(db: Database, since: Date, runnerId?: string) {
  const recorded = db
    .select({ runnerId: orderGiveUps.runnerId, at: orderGiveUps.givenUpAt })
    .from(orderGiveUps)
    .where(and(gt(orderGiveUps.givenUpAt, since), runnerId ? eq(orderGiveUps.runnerId, runnerId) : undefined))
  const endedBefore = db
    .select({ runnerId: sql<string>`${orders.runnerId}`.as('runner_id'), at: sql<Date>`${orders.cancelledAt}`.as('at') })
    .from(orders)
    .where(
      and(
        eq(orders.cancelReason, 'runner_released'),
        isNull(orders.reofferedAt),
        gt(orders.cancelledAt, since),
        runnerId ? eq(orders.runnerId, runnerId) : undefined,
      ),
    )
  return unionAll(recorded, endedBefore).as('give_ups')
}

/** When the runner gave up orders they had accepted, newest first, after a time. */
export async function givenUpSince(db: Database, runnerId: string, since: Date): Promise<Date[]> {
  const giveUps = giveUpsSince(db, since, runnerId)
  const rows = await db.select({ at: giveUps.at }).from(giveUps).orderBy(desc(giveUps.at))
  return rows.map((row) => new Date(row.at))
}

/** Runners who gave up orders since a time, and how many: for support's list of paused runners. */
export async function givenUpCountsSince(db: Database, since: Date) {
  const giveUps = giveUpsSince(db, since)
  return db.select({ runnerId: giveUps.runnerId, givenUp: count() }).from(giveUps).groupBy(giveUps.runnerId)
}

/** Whether the runner gave this order up: they may not take it again. */
export async function gaveUp(db: Database, orderId: string, runnerId: string) {
  const [row] = await db
    .select({ at: orderGiveUps.givenUpAt })
    .from(orderGiveUps)
    .where(and(eq(orderGiveUps.orderId, orderId), eq(orderGiveUps.runnerId, runnerId)))
  return row !== undefined
}
