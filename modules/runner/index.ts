import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import type { ModuleDeps } from '../shared/index'
import { offerPages } from './offer-pages'
import { runnerRoutes } from './routes'

export { settleInterruptedClaims } from './accept'
export { availabilityOf, offlineAmong } from './availability'

/** Runners: the orders waiting nearby, the accept race and its capture, pick-up and delivery, earnings. */
export function runnerModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway, listen: Listen) {
  return runnerRoutes({ ...deps, session, gateway, pages: offerPages(listen) })
}
