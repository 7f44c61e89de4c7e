import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps, PaymentGateway } from '../shared/index'
import { checkoutRoutes } from './routes'

export { embeddedGateway, type EmbeddedGateway } from './embedded-gateway'
export { stripeGateway, type StripeSettings } from './stripe-gateway'
export { releaseAbandonedIntents } from './intent-release'

/** Cart and checkout: payment intents, the embedded card form, and placing the order. */
export function checkoutModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway) {
  return checkoutRoutes({ ...deps, session, gateway })
}
