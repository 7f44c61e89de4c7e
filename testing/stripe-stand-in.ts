import { afterAll } from 'bun:test'
import { connectStandIn } from './stripe-connect-stand-in'
import { listOf, metadataOf, missing, ok, type Reply, stripeError } from './stripe-replies'

type Intent = {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: string
  capture_method: string
  client_secret: string
  metadata: Record<string, string>
  /** The charge the card's confirmation made; captured or not. */
  latest_charge: string | null
  customer: string | null
  setup_future_usage: string | null
  payment_method: string | null
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null
}
/** A card an intent was confirmed with: attached to a customer when the intent saved it; `declineCode` declines every charge on it from the server. */
type PaymentMethod = { id: string; customer: string | null; declineCode: string | null }
type Charge = { id: string; paymentIntentId: string; amountCaptured: number }
type StripeRefund = { id: string; object: 'refund'; amount: number; payment_intent: string; status: 'succeeded'; metadata: Record<string, string> }
/** One request as the stand-in received it, and the status it answered. */
export type SentToStripe = { method: string; path: string; idempotencyKey: string | null; params: URLSearchParams; status: number }

export type StripeStandInOptions = {
  /** Past this many requests in any second it answers 429, as Stripe's rate limiter does. Stripe's sandbox allows 25. */
  requestsPerSecond?: number
  /** Lists hold at most this many a page whatever the limit asked (Stripe's own cap is 100), so that tests can reach a second page. */
  maxPageSize?: number
}

/**
 * A loopback stand-in for the Stripe endpoints the gateway calls, so the real `stripe` SDK
 * can be driven and what it sends inspected. It keeps intents, charges, refunds and Connect's
 * accounts and transfers the way Stripe does, replays an idempotent request's first answer,
 * turns away requests past its rate with Stripe's 429, and can be told to decline a capture
 * or to be down.
 */
export function stripeStandIn({ requestsPerSecond = 25, maxPageSize = 100 }: StripeStandInOptions = {}) {
  const intents = new Map<string, Intent>()
  const charges = new Map<string, Charge>()
  const refunds: StripeRefund[] = []
  const customers = new Set<string>()
  const paymentMethods = new Map<string, PaymentMethod>()
  const replies = new Map<string, Reply>()
  const sent: SentToStripe[] = []
  const declineCaptureOf = new Set<string>()
  /** When each request let through in the last second arrived. */
  const lately: number[] = []
  let rate = requestsPerSecond
  let down = false
  let counter = 0
  const nextId = (prefix: string) => `${prefix}_${++counter}`

  const refundedOf = (intentId: string) => refunds.filter((made) => made.payment_intent === intentId).reduce((sum, made) => sum + made.amount, 0)
  const connect = connectStandIn(
    {
      nextId,
      charge(id) {
        const charge = charges.get(id)
        return charge && { capturedCents: charge.amountCaptured, refundedCents: refundedOf(charge.paymentIntentId) }
      },
      netChargedCents: () =>
        [...charges.values()].reduce((sum, charge) => sum + charge.amountCaptured, 0) - refunds.reduce((sum, made) => sum + made.amount, 0),
    },
    { maxPageSize },
  )

  const unexpectedState = (intent: Intent, action: string) =>
    stripeError(
      400,
      'invalid_request_error',
      'payment_intent_unexpected_state',
      `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      { payment_intent: intent },
    )

  /** As Stripe refunds: only a succeeded intent, and never more in all than was captured. */
  function refund(intentId: string, amount: number | null, metadata: Record<string, string>): Reply {
    const intent = intents.get(intentId)
    if (!intent) return missing('payment_intent', intentId)
    if (intent.status !== 'succeeded') return unexpectedState(intent, 'refunded')
    const left = intent.amount - refundedOf(intentId)
    if (left === 0) return stripeError(400, 'invalid_request_error', 'charge_already_refunded', `Charge for ${intentId} has already been refunded.`)
    const asked = amount ?? left
    if (asked > left)
      return stripeError(
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount ($${asked / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
      )
    const made: StripeRefund = { id: nextId('re_test'), object: 'refund', amount: asked, payment_intent: intentId, status: 'succeeded', metadata }
    refunds.push(made)
    return ok(made)
  }

  function answer(method: string, path: string, params: URLSearchParams): Reply {
    const connected = connect.answer(method, path, params)
    if (connected) return connected
    if (method === 'POST' && path === '/v1/refunds') {
      return refund(params.get('payment_intent') ?? '', params.has('amount') ? Number(params.get('amount')) : null, metadataOf(params))
    }
    if (method === 'GET' && path === '/v1/refunds') {
      return ok(listOf('/v1/refunds', refunds.filter((made) => made.payment_intent === params.get('payment_intent')).reverse()))
    }
    if (method === 'POST' && path === '/v1/customers') {
      const id = nextId('cus_test')
      customers.add(id)
      return ok({ id, object: 'customer', metadata: metadataOf(params) })
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = params.get('customer')
      if (customer && !customers.has(customer)) return missing('customer', customer, 'customer')
      const id = nextId('pi_test')
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        amount_received: 0,
        currency: params.get('currency')!,
        status: 'requires_payment_method',
        capture_method: params.get('capture_method')!,
        client_secret: `${id}_secret_test`,
        metadata: metadataOf(params),
        latest_charge: null,
        customer,
        setup_future_usage: params.get('setup_future_usage'),
        payment_method: null,
        last_payment_error: null,
      }
      intents.set(id, intent)
      // Confirmed at creation (an off-session charge on a saved card): a decline still made the intent.
      return params.get('confirm') === 'true' ? confirmOnServer(intent, params) : ok(intent)
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel|confirm))?$/.exec(path)
    const intent = match ? intents.get(match[1]!) : undefined
    if (!match || !intent) return missing('payment_intent', match?.[1] ?? path)
    if (!match[2]) return ok(intent)
    if (match[2] === 'confirm') return confirmOnServer(intent, params)
    if (match[2] === 'capture') {
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured')
      if (declineCaptureOf.has(intent.id)) {
        intent.status = 'canceled'
        return stripeError(402, 'card_error', 'card_declined', 'Your card was declined.', { decline_code: 'generic_decline' })
      }
      intent.status = 'succeeded'
      intent.amount_received = Math.min(Number(params.get('amount_to_capture') ?? intent.amount), intent.amount)
      charges.get(intent.latest_charge!)!.amountCaptured = intent.amount_received
      return ok(intent)
    }
    if (intent.status !== 'requires_capture' && intent.status !== 'requires_payment_method') return unexpectedState(intent, 'canceled')
    intent.status = 'canceled'
    return ok(intent)
  }

  /** A confirmation from the server on a saved card (at creation, or of an intent waiting for one): it must be attached to the intent's customer; a card that declines leaves the intent waiting for another. */
  function confirmOnServer(intent: Intent, params: URLSearchParams): Reply {
    if (intent.status !== 'requires_payment_method') return unexpectedState(intent, 'confirmed')
    const card = paymentMethods.get(params.get('payment_method') ?? '')
    if (!card) return missing('payment_method', params.get('payment_method') ?? '', 'payment_method')
    if (!card.customer || card.customer !== intent.customer)
      return stripeError(400, 'invalid_request_error', null, `The provided PaymentMethod ${card.id} does not belong to the PaymentIntent's customer.`, {
        param: 'payment_method',
      })
    if (card.declineCode) {
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: card.declineCode, message: 'Your card was declined.' }
      return stripeError(402, 'card_error', 'card_declined', 'Your card was declined.', { decline_code: card.declineCode, payment_intent: intent })
    }
    authorize(intent, card.id)
    // Automatic capture: charged in full at once.
    if (intent.capture_method === 'automatic') {
      intent.status = 'succeeded'
      intent.amount_received = intent.amount
      charges.get(intent.latest_charge!)!.amountCaptured = intent.amount
    }
    return ok(intent)
  }

  /** The card authorized: a charge, not yet captured. */
  function authorize(intent: Intent, paymentMethodId: string) {
    intent.status = 'requires_capture'
    intent.payment_method = paymentMethodId
    intent.last_payment_error = null
    intent.latest_charge = nextId('ch_test')
    charges.set(intent.latest_charge, { id: intent.latest_charge, paymentIntentId: intent.id, amountCaptured: 0 })
  }

  /** Stripe's rate limiter: past `rate` requests within the last second, 429 with its rate_limit error. Turned-away requests do not count. */
  function rateLimited(): boolean {
    const now = performance.now()
    while (lately.length > 0 && now - lately[0]! >= 1000) lately.shift()
    if (lately.length >= rate) return true
    lately.push(now)
    return false
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      const params = new URLSearchParams(request.method === 'GET' ? url.search : await request.text())
      const idempotencyKey = request.headers.get('idempotency-key')
      const record = { method: request.method, path: url.pathname, idempotencyKey, params }
      if (down) {
        sent.push({ ...record, status: 503 })
        return Response.json({ error: { type: 'api_error', message: 'Stripe is down' } }, { status: 503 })
      }
      // Turned away before Stripe looks at the request, so a 429 is never the answer a key replays.
      if (rateLimited()) {
        sent.push({ ...record, status: 429 })
        const limit = stripeError(
          429,
          'invalid_request_error',
          'rate_limit',
          'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        )
        return Response.json(limit.body, { status: limit.status })
      }
      const replayKey = idempotencyKey && `${request.method} ${url.pathname} ${idempotencyKey}`
      const reply = (replayKey && replies.get(replayKey)) || answer(request.method, url.pathname, params)
      if (replayKey) replies.set(replayKey, reply)
      sent.push({ ...record, status: reply.status })
      return Response.json(reply.body, { status: reply.status })
    },
  })
  afterAll(() => server.stop(true))

  return {
    api: { host: '127.0.0.1', port: server.port!, protocol: 'http' as const },
    sent,
    intent: (id: string) => intents.get(id),
    /**
     * What Stripe.js does in the browser when the buyer's card is authorized: a charge, not yet
     * captured, on a new PaymentMethod, saved to the intent's customer when the intent asked to
     * save it (setup_future_usage). Returns the PaymentMethod's id.
     */
    confirmCard(id: string) {
      const intent = intents.get(id)!
      const card: PaymentMethod = { id: nextId('pm_test'), customer: intent.setup_future_usage ? intent.customer : null, declineCode: null }
      paymentMethods.set(card.id, card)
      authorize(intent, card.id)
      return card.id
    },
    /** Every charge the server makes on this saved card from now on is declined with `declineCode`. */
    declineChargesOn(paymentMethodId: string, declineCode: string) {
      paymentMethods.get(paymentMethodId)!.declineCode = declineCode
    },
    paymentMethod: (id: string) => paymentMethods.get(id),
    declineCaptureOf: (id: string) => declineCaptureOf.add(id),
    refunds: (intentId: string) => refunds.filter((made) => made.payment_intent === intentId),
    /** A refund made by hand in Stripe's dashboard: none of our keys, none of our metadata. */
    refundInDashboard(intentId: string, amount: number) {
      const made = refund(intentId, amount, {})
      if (made.status !== 200) throw new Error(JSON.stringify(made.body))
      return made.body as StripeRefund
    },
    setDown(value: boolean) {
      down = value
    },
    /** Stripe's rate from now on (requests a second). */
    setRequestsPerSecond(value: number) {
      rate = value
    },
    account: connect.account,
    transfers: connect.transfers,
    platformBalance: connect.platformBalance,
    onboard: connect.onboard,
    failPayout: connect.failPayout,
    payPayout: connect.payPayout,
    connectEvent: connect.connectEvent,
  }
}
