// What every step of checkout shares: its dependencies, who may check out, and the answer when the gateway is down.
import type { Database } from '../../db/database'
import { phoneStatusOf, type UserRow } from '../accounts/index'
import type { WindowTerms } from '../orders/index'
import type { PaymentGateway } from '../payments/index'
import { type Clock, forbidden, paymentGatewayUnavailable } from '../shared/index'

export interface CheckoutDeps {
  db: Database
  clock: Clock
  gateway: PaymentGateway
  /** GROCERY_HOLD_MAX_CENTS: the most a grocery hold may be. */
  groceryHoldMaxCents: number
  /** WINDOW_CAPACITY and OFFER_LEAD_MINUTES: a window's room, and when its orders are offered. */
  windows: WindowTerms
  /** ASAP_CUTOFF_MINUTES: how long before its store closes an order for delivery now is refused. */
  asapCutoffMinutes: number
}

export const gatewayDown = (what: string) =>
  paymentGatewayUnavailable(`${what}: the payment service is not answering. Nothing was charged; please try again in a moment.`)

/** Checkout needs a complete profile, a verified phone and the buyer role. */
export function assertMayCheckOut(user: UserRow) {
  if (!user.isProfileComplete) throw forbidden('Complete your profile before you check out.', 'PROFILE_INCOMPLETE')
  if (phoneStatusOf(user) !== 'verified') {
    throw forbidden('Verify your phone number before you place an order.', 'PHONE_VERIFICATION_REQUIRED', { requiresPhoneVerification: true })
  }
  if (!user.roles.includes('buyer')) throw forbidden('Add the Buyer role to your profile to place orders.', 'NOT_A_BUYER')
}
