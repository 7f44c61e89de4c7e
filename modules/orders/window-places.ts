import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type DeliveryWindow, windowLabel } from '../catalog/index'
import { AppError, type Clock } from '../shared/index'
import { announceOrderChange, recordOrderEvent } from './outbox'
import { orders } from './schema'

/** How many orders a window takes, and how long before it its orders are offered to runners (config). */
export type WindowTerms = { capacity: number; offerLeadMinutes: number }

/** A window chosen for an order, with the store's time zone it is read in. */
export type ChosenWindow = DeliveryWindow & { timeZone: string }

/** When an order placed (or moved) at `now` is offered to runners: at once, or the lead before its window, never before now. */
export function offersOpenAtFor(window: DeliveryWindow | null, now: Date, terms: WindowTerms): Date {
  if (!window) return now
  return new Date(Math.max(now.getTime(), window.start.getTime() - terms.offerLeadMinutes * 60_000))
}

/** How many orders not cancelled hold each of a store's windows from `from` to `to`, by the window's start in ms. */
export async function takenWindows(db: Database, storeId: string, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ start: orders.scheduledFor, taken: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), gte(orders.scheduledFor, from), lte(orders.scheduledFor, to), ne(orders.status, 'cancelled')))
    .groupBy(orders.scheduledFor)
  return new Map(rows.map((row) => [row.start!.getTime(), row.taken]))
}

const windowFull = (window: ChosenWindow) =>
  new AppError(409, 'WINDOW_FULL', `${windowLabel(window, window.timeZone)} is full. Choose another delivery window.`)

/**
 * In the caller's transaction, before an order takes a place in a window: the window's lock (so
 * of two checkouts for its last place one waits for the other's commit), then its count. 409
 * WINDOW_FULL when `capacity` orders not cancelled hold it already, `except` (an order moving
 * within it) left out.
 */
export async function takeWindowPlace(tx: Database, storeId: string, window: ChosenWindow, capacity: number, except?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`window:${storeId}:${window.start.toISOString()}`}))`)
  const [held] = await tx
    .select({ taken: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.scheduledFor, window.start), ne(orders.status, 'cancelled'), except ? ne(orders.id, except) : undefined))
  if ((held?.taken ?? 0) >= capacity) throw windowFull(window)
}

/** Whether the window has room now, without its lock: refuses a full window before a hold is made (the lock decides at the order). */
export async function assertWindowHasRoom(db: Database, storeId: string, window: ChosenWindow, capacity: number) {
  const taken = await takenWindows(db, storeId, window.start, window.start)
  if ((taken.get(window.start.getTime()) ?? 0) >= capacity) throw windowFull(window)
}

/**
 * In the caller's transaction, up to `limit` waiting orders whose offers have opened by `now` and
 * whose runners were not yet told: each marked told and given its offers_opened event (the
 * notifications fan it out to the runners near its store, and tell the buyer). The mark is a
 * conditional update on rows another instance skips while they are locked, so each is told once.
 * Returns the orders marked.
 */
export async function markDueOffersOpened(tx: Database, clock: Clock, now: Date, limit: number): Promise<string[]> {
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_runner_acceptance'), lte(orders.offersOpenAt, now), isNull(orders.offersFannedOutAt)))
    .orderBy(asc(orders.offersOpenAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  if (due.length === 0) return []
  const marked = await tx
    .update(orders)
    .set({ offersFannedOutAt: now, updatedAt: now })
    .where(
      and(
        inArray(
          orders.id,
          due.map((row) => row.id),
        ),
        isNull(orders.offersFannedOutAt),
      ),
    )
    .returning({ id: orders.id })
  for (const { id } of marked) {
    await recordOrderEvent(tx, clock, id, 'offers_opened')
    await announceOrderChange(tx, id)
  }
  return marked.map((row) => row.id)
}

/** Scheduled orders still waiting whose offers open after `now` and by `until`, and whose buyer was not told of them overnight: soonest first. */
export const offersOpeningBy = (db: Database, now: Date, until: Date) =>
  db
    .select({ id: orders.id, offersOpenAt: orders.offersOpenAt, storeTimeZone: orders.storeTimeZone })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending_runner_acceptance'),
        isNotNull(orders.scheduledFor),
        isNull(orders.offersFannedOutAt),
        isNull(orders.overnightToldAt),
        gt(orders.offersOpenAt, now),
        lte(orders.offersOpenAt, until),
      ),
    )
    .orderBy(asc(orders.offersOpenAt))

/**
 * Marks the order's buyer told at `now` that its offers lapse overnight, with its offers_overnight event, in
 * one transaction: only if not told yet and its offers still open when they did when it was read
 * (a move in between clears the mark). So two instances tell each order once. Whether it was marked.
 */
export async function markOvernightTold(db: Database, clock: Clock, now: Date, orderId: string, offersOpenAt: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ overnightToldAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.overnightToldAt), eq(orders.offersOpenAt, offersOpenAt)))
      .returning({ id: orders.id })
    if (row) await recordOrderEvent(tx, clock, row.id, 'offers_overnight')
    return row !== undefined
  })
}
