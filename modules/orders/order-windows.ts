import { and, count, eq, gte, lte, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type DeliveryWindow, offeredWindows, type Schedule, storeSchedules, windowLabel, windowStartingAt } from '../catalog/index'
import { AppError, badRequest, type Clock, type Config, isUuid, notFound } from '../shared/index'
import { orders } from './schema'

/** How many orders a window takes, and how long before it its orders are offered to runners (config). */
export type WindowTerms = { capacity: number; offerLeadMinutes: number }
export const windowTermsOf = (config: Config): WindowTerms => ({ capacity: config.WINDOW_CAPACITY, offerLeadMinutes: config.OFFER_LEAD_MINUTES })

/** A window chosen for an order, with the store's time zone it is read in. */
export type ChosenWindow = DeliveryWindow & { timeZone: string }

/** When an order placed (or moved) at `now` is offered to runners: at once, or the lead before its window, never before now. */
export function offersOpenAtFor(window: DeliveryWindow | null, now: Date, terms: WindowTerms): Date {
  if (!window) return now
  return new Date(Math.max(now.getTime(), window.start.getTime() - terms.offerLeadMinutes * 60_000))
}

async function scheduleOf(db: Database, clock: Clock, storeId: string): Promise<Schedule> {
  const schedule = isUuid(storeId) ? (await storeSchedules(db, clock, [storeId])).get(storeId) : undefined
  if (!schedule) throw notFound('Store not found', 'STORE_NOT_FOUND')
  return schedule
}

/** How many orders not cancelled hold each of a store's windows from `from` to `to`, by the window's start in ms. */
async function takenWindows(db: Database, storeId: string, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ start: orders.scheduledFor, taken: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), gte(orders.scheduledFor, from), lte(orders.scheduledFor, to), ne(orders.status, 'cancelled')))
    .groupBy(orders.scheduledFor)
  return new Map(rows.map((row) => [row.start!.getTime(), row.taken]))
}

/** GET /api/stores/{id}/delivery-windows: the store's windows from now, each labelled and available while it has room. */
export async function storeDeliveryWindows(db: Database, clock: Clock, terms: WindowTerms, storeId: string) {
  const schedule = await scheduleOf(db, clock, storeId)
  const now = clock.now()
  const windows = offeredWindows(schedule, now, new Map(), terms.capacity)
  const taken = windows.length === 0 ? new Map<number, number>() : await takenWindows(db, storeId, windows[0]!.start, windows.at(-1)!.start)
  return {
    timeZone: schedule.timeZone,
    windows: offeredWindows(schedule, now, taken, terms.capacity).map((window) => ({
      start: window.start.toISOString(),
      end: window.end.toISOString(),
      label: window.label,
      available: window.available,
    })),
  }
}

export const NOT_A_WINDOW_MESSAGE = 'That delivery time is not one of the store’s delivery windows. Choose a window from the list.'

/** The store's window starting at `scheduledFor` (an ISO time): 400 NOT_A_WINDOW when none does, now. */
export async function chosenWindow(db: Database, clock: Clock, storeId: string, scheduledFor: string, field: string): Promise<ChosenWindow> {
  const start = new Date(scheduledFor)
  const schedule = await scheduleOf(db, clock, storeId)
  const window = Number.isNaN(start.getTime()) ? null : windowStartingAt(schedule, clock.now(), start)
  if (!window) throw badRequest(NOT_A_WINDOW_MESSAGE, 'NOT_A_WINDOW', { [field]: 'Not one of the store’s delivery windows' })
  return { ...window, timeZone: schedule.timeZone }
}

export const windowFull = (window: ChosenWindow) =>
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
