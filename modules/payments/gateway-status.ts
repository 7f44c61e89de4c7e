import type { HeldPaymentState, PaymentState } from './contract'
import type { IntentStatus } from './gateways/gateway'

/** The gateway's (Stripe's) word for a payment's state, in ours: the one translation between the two. */
export function ourPaymentState(status: IntentStatus): PaymentState | null {
  switch (status) {
    case 'requires_payment_method':
      return 'requires_payment_method'
    case 'requires_capture':
      return 'authorized'
    case 'succeeded':
      return 'captured'
    case 'canceled':
      return 'cancelled'
    default:
      return null
  }
}

/** What the gateway says of a hold in each of our payment states: anything else is a disagreement. */
export const GATEWAY_STATUS_OF: Record<HeldPaymentState, IntentStatus> = {
  authorized: 'requires_capture',
  captured: 'succeeded',
  cancelled: 'canceled',
  capture_failed: 'canceled',
  // A refunded charge is still a succeeded intent at the gateway; its refunds are checked against the ledger (and, for a grocery hold, the gateway's own list).
  partially_refunded: 'succeeded',
  refunded: 'succeeded',
}
