// The payment provider's interface, like the geocoder's: the kernel states it, cart-checkout implements it
// (embedded and Stripe), and the modules that move money (checkout, orders, runner) receive one.

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
}

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

/** Idempotency keys, one per thing that may happen to money, built from our own ids. */
export const idempotencyKeys = {
  createIntent: (buyerId: string, requestId: string) => `checkout:${buyerId}:${requestId}:create`,
  capture: (orderId: string) => `order:${orderId}:capture`,
  cancelOrder: (orderId: string) => `order:${orderId}:cancel`,
  releaseIntent: (intentId: string) => `intent:${intentId}:cancel`,
}

/**
 * Cancelling to release a hold: an intent that is already cancelled is already released (the
 * capture of a declined card cancels it, as does an earlier sweep under another key).
 */
export async function releaseHold(gateway: PaymentGateway, intentId: string, idempotencyKey: string): Promise<'released' | 'captured'> {
  try {
    await gateway.cancel(intentId, idempotencyKey)
    return 'released'
  } catch (error) {
    if (error instanceof PaymentStateError && error.status === 'canceled') return 'released'
    if (error instanceof PaymentStateError && error.status === 'succeeded') return 'captured'
    throw error
  }
}
