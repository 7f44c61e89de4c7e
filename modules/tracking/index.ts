import type { SessionPlugin } from '../accounts/index'
import type { OrderTracking } from '../orders/index'
import type { ModuleDeps } from '../shared/index'
import { arrivalError } from './arrival-error'
import { refinePredictionWith } from './arrival-prediction'
import type { DriveRouter } from './drive-router'
import { trackOrderMove } from './order-moved'
import { trackingRoutes } from './routes'
import { whereaboutsWith } from './whereabouts'

export type { ArrivalError } from './arrival-error'
export { type DriveRouter, estimatedRouter, osrmRouter } from './drive-router'

/** What orders reads of tracking (see OrderTracking), with the drives asked of `router`; connected where the modules are put together. */
export const orderTracking = (router: DriveRouter): OrderTracking => ({
  whereabouts: whereaboutsWith(router),
  moved: trackOrderMove,
  followUp: refinePredictionWith(router),
})

/** Support's figures (the CLI): how far arrivals came from the pick-up's prediction, for one runner or all. */
export const trackingFigures = { arrivalError }

/** Tracking: the runner's last point on an active order, the buyer's ETA, and how good the ETA was. */
export function trackingModule(deps: ModuleDeps, session: SessionPlugin) {
  return trackingRoutes({ ...deps, session })
}
