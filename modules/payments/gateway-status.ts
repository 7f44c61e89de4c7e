import type { PaymentStatus } from './contract'

/** What the gateway says of a hold in each of our payment states: anything else is a disagreement. */
export const GATEWAY_STATUS_OF: Record<PaymentStatus, string> = {
  authorized: 'requires_capture',
  captured: 'succeeded',
  cancelled: 'canceled',
  capture_failed: 'canceled',
  // A refunded charge is still a succeeded intent at the gateway; its refunds are checked against the ledger (and, for a grocery hold, the gateway's own list).
  partially_refunded: 'succeeded',
  refunded: 'succeeded',
}
