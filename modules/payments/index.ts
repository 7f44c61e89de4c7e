import type { ModuleDeps } from '../shared/index'
import type { AccountListener, PaymentGateway } from './gateway'
import { movePayment, paymentIsIn, paymentOf, paymentsOf } from './order-payments'
import { paymentRoutes } from './routes'
import type { PaymentListener } from './stripe-webhook'

/**
 * Payments' door. It owns the money's records (checkout intents with each order's payment state,
 * payment events, refunds, the embedded gateway's tables) and the only calls to a gateway, each
 * keyed by our own ids: authorize, capture, release, refund.
 */
export { CHARGED_PAYMENT_STATES, type ChargedPaymentState, isCharged } from './contract'
export type { BankPayout, BankPayoutRun } from './embedded-bank-payouts'
export { type EmbeddedGateway, type EmbeddedGatewayOptions, embeddedGateway } from './embedded-gateway'
export { type PaymentEvent, paymentEventsOf } from './events'
export {
  type AccountListener,
  type ConnectedAccount,
  GatewayUnavailableError,
  IdempotencyKeyReusedError,
  PaymentDeclinedError,
  type PaymentGateway,
  PaymentStateError,
  RefundExceedsCaptureError,
  type Transfer,
  TransferRefusedError,
  type TransferRequest,
  type TransferReversal,
} from './gateway'
export { type CaptureOutcome, captureOrder as capture, releaseOrderHold as release } from './holds'
export { authorize, type CheckoutIntent, claimIntent, findIntent, gatewayStatuses, releaseAbandonedIntents, releaseIntent, strandedHolds } from './intents'
export { idempotencyKeys, isSystemKey } from './keys'
export type { OrderPayment } from './order-payments'
export { NotChargedError, type RefundOutcome, type RefundRequest, type RefundRow, refund, refundedTotals, refundsOf, settledRefundsOf } from './refunds'
export { type StripeSettings, stripeGateway } from './stripe-gateway'
export { type RequestPacer, stripeRequestPacer } from './stripe-pacing'
export type { PaymentListener } from './stripe-webhook'
export { connectedAccountFor, type LineToTransfer, reverseLine, type TransferOutcome, transferLine, transfersOfOrder } from './transfers'

/**
 * The payment each order holds, as we record it: read for the order's views, and moved only
 * here. Lock order: an order's move locks the order's row first, then this one (`isIn`, `move`);
 * a refund takes the payment's refund lock, then this row, and never the order's.
 */
export const orderPayments = { of: paymentsOf, one: paymentOf, isIn: paymentIsIn, move: movePayment }

/** The card form's calls, Stripe's webhook, and the embedded stand-in's onboarding form. */
export function paymentsModule(deps: ModuleDeps, gateway: PaymentGateway, orders: PaymentListener, accounts: AccountListener) {
  return paymentRoutes({ ...deps, gateway, orders, accounts })
}
