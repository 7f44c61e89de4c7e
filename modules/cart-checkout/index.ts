import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import type { ModuleDeps } from '../shared/index'
import { checkoutRoutes } from './routes'

/** Cart and checkout: the buyer's authorization for the fee and tip, and the order placed on it. */
export function checkoutModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway) {
  return checkoutRoutes({ ...deps, session, gateway })
}
