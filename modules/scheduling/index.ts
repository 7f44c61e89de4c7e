import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps } from '../shared/index'
import { assertWindowHasRoom, chosenWindow, storeDeliveryWindows } from './order-windows'
import { schedulingRoutes } from './routes'

export { openDueOffers } from './offers-open'
export { tellOvernightOffers } from './offers-overnight'
export { windowTermsOf } from './order-windows'

/** A store's delivery windows as checkout offers and checks them: the list with their room, one chosen by its start (400 NOT_A_WINDOW), and whether it has room (409 WINDOW_FULL). */
export const deliveryWindows = { storeDeliveryWindows, chosenWindow, assertWindowHasRoom }

/** Scheduling: a store's delivery windows, the offers of scheduled orders opening (and the buyer told the evening before of a night's lapse), and moving an order to another window. */
export function schedulingModule(deps: ModuleDeps, session: SessionPlugin) {
  return schedulingRoutes({ ...deps, session })
}
