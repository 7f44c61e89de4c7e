import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps, PaymentGateway } from '../shared/index'
import { checkoutRoutes } from './routes'

export { type EmbeddedGateway, embeddedGateway } from './embedded-gateway'
export { releaseAbandonedIntents } from './intent-release'
export { type StripeSettings, stripeGateway } from './stripe-gateway'

/** Cart and checkout: payment intents, the embedded card form, and placing the order. */
export function checkoutModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway) {
  return checkoutRoutes({ ...deps, session, gateway })
}
