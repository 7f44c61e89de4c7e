import type { ModuleDeps } from '../shared/index'
import { CHARGED_PAYMENT_STATES, isCharged } from './contract'
import { paymentEventsOf } from './events'
import { holdsOlderThanWindow } from './figures'
import {
  type AccountListener,
  GatewayUnavailableError,
  IdempotencyKeyReusedError,
  PaymentDeclinedError,
  type PaymentGateway,
  PaymentStateError,
  RefundExceedsCaptureError,
  TransferRefusedError,
} from './gateways/gateway'
import { checkoutTooOld, claimStaleBefore, holdExpiresAt, holdLapsedBefore, holdOutlastsOffers, releasedBySweep } from './hold-windows'
import { authorize, claimCheckout, findIntent, holdAtGateway, intentStatusAtGateway, releaseAbandonedIntents, releaseIntent } from './intents'
import { paymentIsIn, paymentOf, paymentsOf } from './order-payments'
import type { PaymentListener } from './payment-listener'
import { refundsOf, settledRefundsOf } from './refund-ledger'
import { NotChargedError, RefundNotFromRunnerError } from './refunds'
import { paymentRoutes } from './routes'

export { check, type PaymentFinding, type PaymentToCheck } from './check'
/**
 * Payments' door: verbs keyed by order. It owns the money's records (checkout intents with each
 * order's payment state, grocery holds and the buyers' gateway customers, payment events,
 * refunds) and the only calls to a gateway, each keyed by our own ids. The gateways themselves
 * live in gateways/, which only server/providers.ts imports.
 */
export type { ChargedPaymentState, GroceryExtraChoice, GroceryExtraState, GroceryPaymentMethod } from './contract'
export type { PaymentEvent } from './events'
export type {
  AccountListener,
  BankPayoutReport,
  ConnectedAccount,
  PaymentGateway,
  PaymentIntent,
  Transfer,
  TransferRefusedError,
  TransferRequest,
  TransferReversal,
} from './gateways/gateway'
export { groceries } from './groceries'
export type { GroceryCharge } from './grocery-charges'
export type { GroceryExtraOutcome } from './grocery-extra'
export type { GroceryAuthorization, GroceryHold, GroceryHoldRow } from './grocery-holds'
export type { HoldRenewal } from './grocery-renewal'
export type { GroceryCaptureOutcome } from './grocery-settlement'
export type { CheckoutIntent } from './intents'
export { idempotencyKeys, isSystemKey } from './keys'
export type { OrderPayment } from './order-payments'
export type { GroceriesCaptured, HoldEndCause, PaymentListener, PaymentMoveDeps } from './payment-listener'
export { type CaptureOutcome, capture, release } from './payment-moves'
export type { RefundRow, SettledRefund } from './refund-ledger'
export {
  type NotChargedError,
  type RefundedPart,
  type RefundNotFromRunnerError,
  type RefundOutcome,
  type RefundRequest,
  refund,
} from './refunds'
export { type LineToTransfer, type TransferOutcome, transfers } from './transfers'

/** Checkout's authorizations before they become orders: made, asked whether they stand, claimed by the order, found, released, and swept when abandoned. */
export const intents = { authorize, claimCheckout, findIntent, holdAtGateway, releaseIntent, releaseAbandonedIntents, intentStatusAtGateway }

/** How long a hold may stand, and the times that follow from it, for the orders, the runners' offers and the figures. */
export const holdWindows = { holdExpiresAt, holdLapsedBefore, holdOutlastsOffers, claimStaleBefore, releasedBySweep, checkoutTooOld, holdsOlderThanWindow }

/**
 * The payment each order holds, as we record it: read for the order's views, and moved only
 * here (capture, release, refund). Lock order: the order's row first, then this one
 * (an order's move that needs its payment in a state, `paymentIsIn`; a payment's move runs the
 * order's half first); a refund takes the payment's refund lock, then this row, and never the order's.
 */
export const orderPayments = { paymentsOf, paymentOf, paymentIsIn, paymentEventsOf, refundsOf, settledRefundsOf, isCharged, CHARGED_PAYMENT_STATES }

/** What a payment's move can fail with, for the callers that answer each in their own words. */
export const paymentErrors = {
  GatewayUnavailableError,
  IdempotencyKeyReusedError,
  NotChargedError,
  PaymentDeclinedError,
  PaymentStateError,
  RefundExceedsCaptureError,
  RefundNotFromRunnerError,
  TransferRefusedError,
}

/** The card form's calls, Stripe's webhook, and the embedded stand-in's onboarding form. */
export function paymentsModule(deps: ModuleDeps, gateway: PaymentGateway, orders: PaymentListener, accounts: AccountListener) {
  return paymentRoutes({ ...deps, gateway, orders, accounts })
}
