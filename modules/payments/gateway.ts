// The payment provider's interface: payments implements it twice (embedded and Stripe), chooses
// neither (providersFromConfig does), and is the only module that calls it.
import type { PaymentState } from './contract'

/** Stripe's PaymentIntent statuses; both gateways use them as Stripe does. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled'

export type PaymentIntent = {
  id: string
  status: IntentStatus
  amountCents: number
  currency: string
  metadata: Record<string, string>
}

/**
 * Card payments as Kirana uses them: authorize now (manual capture), capture when a runner
 * accepts, cancel when nobody does. Every create, capture and cancel carries an idempotency
 * key built from our own ids, so a retry can never charge or release twice.
 */
export interface PaymentGateway {
  kind: 'embedded' | 'stripe'
  /** What the browser's card form needs: Stripe's publishable key, or null for the embedded form. */
  publishableKey: string | null
  createIntent(input: { amountCents: number; metadata: Record<string, string>; idempotencyKey: string }): Promise<PaymentIntent & { clientSecret: string }>
  /** null when the gateway has no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>
  capture(id: string, idempotencyKey: string): Promise<PaymentIntent>
  cancel(id: string, idempotencyKey: string): Promise<PaymentIntent>
  /** Returns part or all of a captured payment; never more in total than was captured. The same key is the same refund. */
  refund(id: string, amountCents: number, idempotencyKey: string): Promise<Refund>
  /**
   * Every refund the gateway holds on a payment, ours (with our idempotency key) or made by hand
   * in its dashboard (none): where a gateway can be refunded outside our calls (Stripe).
   */
  refundsOf?(paymentIntentId: string): Promise<GatewayRefund[]>
  /** Many intents' statuses in one call, where the gateway can (the embedded one); else they are retrieved one by one. */
  statusesOf?(ids: readonly string[]): Promise<Map<string, IntentStatus>>
}

/** Money given back on a captured payment. */
export type Refund = { id: string; paymentIntentId: string; amountCents: number }
/** A refund as the gateway lists it: succeeded or not, and the key we made it under (null when made in the dashboard). */
export type GatewayRefund = Refund & { succeeded: boolean; key: string | null }

/** The card was refused, at confirmation or at capture. */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError'
  constructor(
    readonly declineCode: string,
    message: string,
  ) {
    super(message)
  }
}

/** The intent is not in a state that allows this (capturing a cancelled one, cancelling a captured one). */
export class PaymentStateError extends Error {
  override name = 'PaymentStateError'
  constructor(
    readonly status: IntentStatus | 'missing',
    message: string,
  ) {
    super(message)
  }
}

/** The gateway could not be reached or failed on its side; the same call may be retried with the same key. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError'
}

/** A refund for more than is left of the capture: nothing is refunded. */
export class RefundExceedsCaptureError extends Error {
  override name = 'RefundExceedsCaptureError'
  constructor(
    readonly refundableCents: number,
    message = 'The refund is more than is left of the charge.',
  ) {
    super(message)
  }
}

/** An idempotency key sent again with other parameters (another amount): refused, as Stripe does. */
export class IdempotencyKeyReusedError extends Error {
  override name = 'IdempotencyKeyReusedError'
}

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
