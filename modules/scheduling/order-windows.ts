import type { Database } from '../../db/database'
import { offeredWindows, type Schedule, storeSchedules, windowStartingAt } from '../catalog/index'
import { type ChosenWindow, orderSchedule, type WindowTerms } from '../orders/index'
import { badRequest, type Clock, type Config, isUuid, notFound } from '../shared/index'

/** A window's terms from the config: how many orders it takes, and how long before it its orders are offered. */
export const windowTermsOf = (config: Config): WindowTerms => ({ capacity: config.WINDOW_CAPACITY, offerLeadMinutes: config.OFFER_LEAD_MINUTES })

async function scheduleOf(db: Database, clock: Clock, storeId: string): Promise<Schedule> {
  const schedule = isUuid(storeId) ? (await storeSchedules(db, clock, [storeId])).get(storeId) : undefined
  if (!schedule) throw notFound('Store not found', 'STORE_NOT_FOUND')
  return schedule
}

/** GET /api/stores/{id}/delivery-windows: the store's windows from now, each labelled and available while it has room. */
export async function storeDeliveryWindows(db: Database, clock: Clock, terms: WindowTerms, storeId: string) {
  const schedule = await scheduleOf(db, clock, storeId)
  const now = clock.now()
  const windows = offeredWindows(schedule, now, new Map(), terms.capacity)
  const taken = windows.length === 0 ? new Map<number, number>() : await orderSchedule.takenWindows(db, storeId, windows[0]!.start, windows.at(-1)!.start)
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

/** Whether the window has room now (409 WINDOW_FULL), counted by orders without the window's lock: the lock decides when the order is written. */
export const assertWindowHasRoom = orderSchedule.assertWindowHasRoom
