import type { ModuleDeps } from '../shared/index'
import type { AccountListener, PaymentGateway } from './gateways/gateway'
import { groceryChargesOf } from './grocery-charges'
import { groceryHoldsOf } from './grocery-holds'
import { paymentIsIn, paymentOf, paymentsOf } from './order-payments'
import type { PaymentListener } from './payment-listener'
import { paymentRoutes } from './routes'

/**
 * Payments' door. It owns the money's records (checkout intents with each order's payment state,
 * grocery holds and the buyers' gateway customers, payment events, refunds, the embedded gateway's tables) and the only calls to a gateway, each
 * keyed by our own ids: authorize, capture, release, refund.
 */
export {
  CHARGED_PAYMENT_STATES,
  type ChargedPaymentState,
  GROCERY_PAYMENT_METHODS,
  type GroceryExtraChoice,
  type GroceryExtraState,
  type GroceryPaymentMethod,
  isCharged,
  REFUNDED_PARTS,
} from './contract'
export { type PaymentEvent, paymentEventsOf } from './events'
export { holdsOlderThanWindow } from './figures'
export {
  type AccountListener,
  type BankPayoutReport,
  type ConnectedAccount,
  GatewayUnavailableError,
  IdempotencyKeyReusedError,
  PaymentDeclinedError,
  type PaymentGateway,
  type PaymentIntent,
  PaymentStateError,
  RefundExceedsCaptureError,
  type Transfer,
  TransferRefusedError,
  type TransferRequest,
  type TransferReversal,
} from './gateways/gateway'
export { type GroceryCharge, groceriesCharged } from './grocery-charges'
export { chargeGroceryExtra, chargeOwedGroceryExtras, type GroceryExtraOutcome } from './grocery-extra'
export {
  authorizeGroceryHold,
  findGroceryHold,
  type GroceryAuthorization,
  type GroceryHold,
  type GroceryHoldRow,
  groceryHoldOfCheckout,
} from './grocery-holds'
export {
  captureGroceryHold,
  captureOwedGroceryHolds,
  type GroceryCaptureOutcome,
  groceryHoldsAwaitingTotal,
  oweGroceryCapture,
  releaseGroceryHold,
} from './grocery-settlement'
export { checkoutTooOld, claimStaleBefore, HOLD_WINDOWS, holdExpiresAt, holdLapsedBefore, holdOutlastsOffers, releasedBySweep } from './hold-windows'
export {
  authorize,
  type CheckoutIntent,
  claimCheckout,
  findIntent,
  gatewayStatuses,
  intentStatusAtGateway,
  intentsAtGateway,
  refundedAtGateway,
  releaseAbandonedIntents,
  releaseIntent,
  strandedHolds,
} from './intents'
export { idempotencyKeys, isSystemKey } from './keys'
export type { OrderPayment } from './order-payments'
export type { GroceriesCaptured, HoldEndCause, PaymentListener, PaymentMoveDeps } from './payment-listener'
export { type CaptureOutcome, captureOrder, releaseOrder } from './payment-moves'
export {
  NotChargedError,
  type RefundedPart,
  RefundNotFromRunnerError,
  type RefundOutcome,
  type RefundRequest,
  type RefundRow,
  refund,
  refundedTotals,
  refundsOf,
  type SettledRefund,
  settledRefundsOf,
} from './refunds'
export {
  connectedAccountFor,
  type LineToTransfer,
  onboardingLinkFor,
  platformBalanceAtGateway,
  reverseLine,
  type TransferOutcome,
  transferLine,
  transfersOfOrder,
} from './transfers'

/**
 * The payment each order holds, as we record it: read for the order's views, and moved only
 * here (captureOrder, releaseOrder, refund). Lock order: the order's row first, then this one
 * (an order's move that needs its payment in a state, `isIn`; a payment's move runs the order's
 * half first); a refund takes the payment's refund lock, then this row, and never the order's.
 */
export const orderPayments = { of: paymentsOf, one: paymentOf, isIn: paymentIsIn, groceryHoldsOf, groceryCharges: groceryChargesOf }

/** The card form's calls, Stripe's webhook, and the embedded stand-in's onboarding form. */
export function paymentsModule(deps: ModuleDeps, gateway: PaymentGateway, orders: PaymentListener, accounts: AccountListener) {
  return paymentRoutes({ ...deps, gateway, orders, accounts })
}
