import type Stripe from 'stripe'
import {
  GatewayUnavailableError,
  IdempotencyKeyReusedError,
  type IntentStatus,
  PaymentDeclinedError,
  type PaymentGateway,
  type PaymentIntent,
  PaymentStateError,
  RefundExceedsCaptureError,
} from './gateway'

export type StripeSettings = {
  secretKey: string
  publishableKey: string
  /** Tests point the real SDK at a local stand-in: { host, port, protocol: 'http' }. */
  api?: { host: string; port: number; protocol: 'http' | 'https' }
  /** The SDK retries a failed request (same idempotency key) this many times before giving up. */
  maxNetworkRetries?: number
}

/** The metadata field of a Stripe refund that carries our idempotency key. */
const REFUND_KEY_METADATA = 'kirana_refund_key'

const toIntent = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  status: intent.status as IntentStatus,
  amountCents: intent.amount,
  currency: intent.currency,
  metadata: intent.metadata,
})

/** Stripe's errors in the gateway's terms: a decline, a wrong state, or Stripe out of reach. */
function translate(error: unknown): Error {
  const stripeError = error as {
    type?: string
    code?: string
    decline_code?: string
    message?: string
    payment_intent?: { status?: string }
    statusCode?: number
  }
  switch (stripeError.type) {
    case 'StripeCardError':
      return new PaymentDeclinedError(stripeError.decline_code ?? stripeError.code ?? 'card_declined', stripeError.message ?? 'Your card was declined.')
    case 'StripeInvalidRequestError':
      if (stripeError.code === 'payment_intent_unexpected_state')
        return new PaymentStateError((stripeError.payment_intent?.status ?? 'missing') as IntentStatus, stripeError.message ?? 'Unexpected state')
      if (stripeError.code === 'resource_missing') return new PaymentStateError('missing', stripeError.message ?? 'No such payment intent.')
      // Stripe's words for a refund beyond what is left of the charge.
      if (stripeError.code === 'charge_already_refunded' || /greater than|exceeds/i.test(stripeError.message ?? ''))
        return new RefundExceedsCaptureError(Number((stripeError as { refundable?: number }).refundable ?? 0), stripeError.message)
      return error as Error
    case 'StripeIdempotencyError':
      return new IdempotencyKeyReusedError(stripeError.message ?? 'Idempotency key reused with other parameters')
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
      return new GatewayUnavailableError(stripeError.message ?? 'Stripe is unavailable')
    default:
      return (stripeError.statusCode ?? 0) >= 500 ? new GatewayUnavailableError(stripeError.message ?? 'Stripe failed') : (error as Error)
  }
}

/**
 * The `stripe` SDK: PaymentIntents with manual capture, in US dollars, every create, capture
 * and cancel under an idempotency key. The SDK is loaded on first use, so a server without
 * Stripe never pays for it.
 */
export function stripeGateway(settings: StripeSettings): PaymentGateway {
  let client: Promise<Stripe> | undefined
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) => new StripeSdk(settings.secretKey, { maxNetworkRetries: settings.maxNetworkRetries ?? 2, timeout: 15_000, ...settings.api }),
    ))

  async function call<T>(request: (sdk: Stripe) => Promise<T>): Promise<T> {
    try {
      return await request(await stripe())
    } catch (error) {
      throw translate(error)
    }
  }

  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    async createIntent({ amountCents, metadata, idempotencyKey }) {
      const intent = await call((sdk) =>
        sdk.paymentIntents.create(
          { amount: amountCents, currency: 'usd', capture_method: 'manual', allowed_payment_method_types: ['card'], metadata },
          { idempotencyKey },
        ),
      )
      return { ...toIntent(intent), clientSecret: intent.client_secret! }
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await call((sdk) => sdk.paymentIntents.retrieve(id)))
      } catch (error) {
        if (error instanceof PaymentStateError && error.status === 'missing') return null
        throw error
      }
    },
    capture: async (id, idempotencyKey) => toIntent(await call((sdk) => sdk.paymentIntents.capture(id, {}, { idempotencyKey }))),
    cancel: async (id, idempotencyKey) => toIntent(await call((sdk) => sdk.paymentIntents.cancel(id, {}, { idempotencyKey }))),
    async refund(id, amountCents, idempotencyKey) {
      // The key rides along as metadata, so that a webhook arriving before our own answer knows the refund for ours.
      const refund = await call((sdk) =>
        sdk.refunds.create({ payment_intent: id, amount: amountCents, metadata: { [REFUND_KEY_METADATA]: idempotencyKey } }, { idempotencyKey }),
      )
      return { id: refund.id, paymentIntentId: id, amountCents: refund.amount }
    },
    async refundsOf(id) {
      const listed = await call((sdk) => sdk.refunds.list({ payment_intent: id, limit: 100 }))
      return listed.data.map((refund) => ({
        id: refund.id,
        paymentIntentId: id,
        amountCents: refund.amount,
        succeeded: refund.status === 'succeeded',
        key: refund.metadata?.[REFUND_KEY_METADATA] ?? null,
      }))
    },
    // PAYOUTS-STUB: replaced by the Connect implementation.
    createAccount: () => Promise.reject(new Error('not built yet')),
    retrieveAccount: () => Promise.reject(new Error('not built yet')),
    accountLink: () => Promise.reject(new Error('not built yet')),
    transfer: () => Promise.reject(new Error('not built yet')),
    reverseTransfer: () => Promise.reject(new Error('not built yet')),
    transfersOf: () => Promise.reject(new Error('not built yet')),
  }
}

/** Checks a webhook's signature with the endpoint secret and returns the event; throws when it does not match. */
export async function verifyStripeWebhook(settings: StripeSettings, webhookSecret: string, payload: string, signature: string): Promise<Stripe.Event> {
  const { default: StripeSdk } = await import('stripe')
  return new StripeSdk(settings.secretKey).webhooks.constructEventAsync(payload, signature, webhookSecret)
}
