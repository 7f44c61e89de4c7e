import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import type { LiveStreams, ModuleDeps, ObjectStore } from '../shared/index'
import { offerPages } from './offer-pages'
import { runnerRoutes } from './routes'

export { settleInterruptedClaims } from './accept'
export { availabilityOf, offeredAmong } from './availability'
export { liftPause, pausedRunners } from './give-up'

/** Runners: the orders waiting nearby, the accept race and its capture, shopping, pick-up and delivery, their photos, earnings. */
export function runnerModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway, objects: ObjectStore, listen: Listen, streams: LiveStreams) {
  return runnerRoutes({ ...deps, session, gateway, objects, streams, pages: offerPages(listen) })
}
