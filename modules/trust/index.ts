import type { SessionPlugin } from '../accounts/index'
import type { OrderTrust } from '../orders/index'
import type { ModuleDeps, ObjectStore } from '../shared/index'
import { problemPhotoForSupport, problemsForSupport, resolveProblem } from './problem-desk'
import { hasOpenProblem, isProblemRefund, openGroceryDispute, problemToTell } from './problems'
import { ratingsOnOrders, revealedRatings, runnerRatings } from './ratings'
import { trustRoutes } from './routes'

export type { ProblemRefund } from './problem-desk'
export { type RunnerStanding, runnerStanding } from './ratings'

/** What orders reads of trust (see OrderTrust), connected to orders where the modules are put together. */
export const orderTrust: OrderTrust = { ratingsOnOrders, runnerRatings, hasOpenProblem, openGroceryDispute }

/** Support's problem desk (the CLI): problems with their photos, and their resolving, with a refund or not. */
export const problemDesk = { problemsForSupport, problemPhotoForSupport, resolveProblem }

/** What the notifications tell of: a problem report or its resolving, the ratings revealed, and whether a refund was a problem's. */
export const trustOutbox = { problemToTell, revealedRatings, isProblemRefund }

/** Trust: an order's ratings after delivery, its problem reports, and support's problem desk. */
export function trustModule(deps: ModuleDeps, session: SessionPlugin, objects: ObjectStore) {
  return trustRoutes({ ...deps, session, objects })
}
