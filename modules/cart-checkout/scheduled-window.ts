import type { Database } from '../../db/database'
import type { ChosenWindow, WindowTerms } from '../orders/index'
import { deliveryWindows } from '../scheduling/index'
import type { Clock } from '../shared/index'

/**
 * The delivery window a checkout asks for by its start (`scheduledFor`), checked before any card
 * hold is made: one of the store's windows now (400 NOT_A_WINDOW) with room left (409
 * WINDOW_FULL). Its last place is settled when the order is written, under the window's lock.
 */
export async function scheduledWindowFor(
  db: Database,
  clock: Clock,
  terms: WindowTerms,
  storeId: string,
  scheduledFor: string,
  field: string,
): Promise<ChosenWindow> {
  const window = await deliveryWindows.chosenWindow(db, clock, storeId, scheduledFor, field)
  await deliveryWindows.assertWindowHasRoom(db, storeId, window, terms.capacity)
  return window
}
