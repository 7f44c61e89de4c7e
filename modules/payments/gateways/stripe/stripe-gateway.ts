import type Stripe from 'stripe'
import { type IntentStatus, PaymentDeclinedError, type PaymentGateway, type PaymentIntent, PaymentStateError, RefundExceedsCaptureError } from '../gateway'
import { stripeConnect } from './stripe-connect'
import type { RequestPacer } from './stripe-pacing'
import { commonGatewayError, type StripeErrorShape, type StripeSettings, stripeRequests } from './stripe-requests'

export type { StripeSettings } from './stripe-requests'

/** The metadata field of a Stripe refund that carries our idempotency key. */
const REFUND_KEY_METADATA = 'kirana_refund_key'

const toIntent = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  status: intent.status as IntentStatus,
  amountCents: intent.amount,
  amountReceivedCents: intent.amount_received ?? 0,
  currency: intent.currency,
  metadata: intent.metadata,
  customerId: idOf(intent.customer),
  paymentMethodId: idOf(intent.payment_method),
  lastDeclineCode:
    intent.status === 'requires_payment_method' && intent.last_payment_error
      ? (intent.last_payment_error.decline_code ?? intent.last_payment_error.code ?? 'card_declined')
      : null,
})

/** An expandable field's id, expanded or not. */
const idOf = (field: string | { id: string } | null) => (typeof field === 'string' ? field : (field?.id ?? null))

/** Stripe's errors on a card payment in the gateway's terms: a decline, a wrong state, a refund past the charge; else as every call reads them. */
function translate(error: unknown): Error {
  const stripeError = error as StripeErrorShape
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
    default:
      return commonGatewayError(error)
  }
}

/**
 * The `stripe` SDK: PaymentIntents with manual capture, in US dollars, every create, capture
 * and cancel under an idempotency key, and Connect's accounts and transfers for money going
 * out. Every request waits for its turn from `pacer`, the pace all instances share.
 */
export function stripeGateway(settings: StripeSettings, pacer: RequestPacer): PaymentGateway {
  const send = stripeRequests(settings, pacer)

  async function call<T>(request: (sdk: Stripe) => Promise<T>): Promise<T> {
    try {
      return await send(request)
    } catch (error) {
      throw translate(error)
    }
  }

  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    async createIntent({ amountCents, metadata, idempotencyKey, customerId, saveCard }) {
      const intent = await call((sdk) =>
        sdk.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            capture_method: 'manual',
            allowed_payment_method_types: ['card'],
            metadata,
            ...(customerId && { customer: customerId }),
            // Saved for charges the server makes later with the buyer away: the grocery hold, an extra charge.
            ...(saveCard && { setup_future_usage: 'off_session' as const }),
          },
          { idempotencyKey },
        ),
      )
      return { ...toIntent(intent), clientSecret: intent.client_secret! }
    },
    async createCustomer({ buyerId, idempotencyKey }) {
      const customer = await call((sdk) => sdk.customers.create({ metadata: { buyerId } }, { idempotencyKey }))
      return { id: customer.id }
    },
    confirmWithSavedCard: async (id, { paymentMethodId, idempotencyKey }) =>
      toIntent(await call((sdk) => sdk.paymentIntents.confirm(id, { payment_method: paymentMethodId, off_session: true }, { idempotencyKey }))),
    async chargeSavedCard({ amountCents, customerId, paymentMethodId, metadata, idempotencyKey }) {
      try {
        const intent = await send((sdk) =>
          sdk.paymentIntents.create(
            {
              amount: amountCents,
              currency: 'usd',
              capture_method: 'automatic',
              allowed_payment_method_types: ['card'],
              customer: customerId,
              payment_method: paymentMethodId,
              off_session: true,
              confirm: true,
              metadata,
            },
            { idempotencyKey },
          ),
        )
        return toIntent(intent)
      } catch (error) {
        // A decline on a confirm at creation still made the intent: Stripe sends it with the error.
        const { type, payment_intent: declined } = error as { type?: string; payment_intent?: Stripe.PaymentIntent }
        if (type === 'StripeCardError' && declined) return toIntent(declined)
        throw translate(error)
      }
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await call((sdk) => sdk.paymentIntents.retrieve(id)))
      } catch (error) {
        if (error instanceof PaymentStateError && error.status === 'missing') return null
        throw error
      }
    },
    capture: async (id, idempotencyKey, amountCents) =>
      toIntent(await call((sdk) => sdk.paymentIntents.capture(id, amountCents === undefined ? {} : { amount_to_capture: amountCents }, { idempotencyKey }))),
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
    ...stripeConnect(send),
  }
}

/**
 * Checks a webhook's signature with our endpoints' secrets and returns the event; throws when none
 * matches. Two endpoints share the address: the account's own, and the Connect one that alone
 * hears of connected accounts, each signing with its own secret.
 */
export async function verifyStripeWebhook(
  settings: StripeSettings,
  webhookSecrets: readonly string[],
  payload: string,
  signature: string,
): Promise<Stripe.Event> {
  const { default: StripeSdk } = await import('stripe')
  const webhooks = new StripeSdk(settings.secretKey).webhooks
  let mismatch: unknown = new Error('No webhook secret is configured.')
  for (const secret of webhookSecrets) {
    try {
      return await webhooks.constructEventAsync(payload, signature, secret)
    } catch (error) {
      mismatch = error
    }
  }
  throw mismatch
}
