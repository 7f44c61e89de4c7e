import { afterAll } from 'bun:test'

type Intent = {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: string
  capture_method: string
  client_secret: string
  metadata: Record<string, string>
}
type StripeRefund = { id: string; object: 'refund'; amount: number; payment_intent: string; status: 'succeeded'; metadata: Record<string, string> }
export type SentToStripe = { method: string; path: string; idempotencyKey: string | null; params: URLSearchParams }

/**
 * A loopback stand-in for the few Stripe endpoints the gateway calls, so the real `stripe` SDK
 * can be driven and what it sends inspected. It keeps intents the way Stripe does, replays
 * an idempotent request's first answer, and can be told to decline a capture or to be down.
 */
export function stripeStandIn() {
  const intents = new Map<string, Intent>()
  const refunds: StripeRefund[] = []
  const replies = new Map<string, { status: number; body: unknown }>()
  const sent: SentToStripe[] = []
  const declineCaptureOf = new Set<string>()
  let down = false
  let counter = 0

  const error = (status: number, type: string, code: string, message: string, extra: Record<string, unknown> = {}) => ({
    status,
    body: { error: { type, code, message, ...extra } },
  })
  const unexpectedState = (intent: Intent, action: string) =>
    error(
      400,
      'invalid_request_error',
      'payment_intent_unexpected_state',
      `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      { payment_intent: intent },
    )

  const metadataOf = (params: URLSearchParams) => {
    const metadata: Record<string, string> = {}
    for (const [key, value] of params) if (key.startsWith('metadata[')) metadata[key.slice(9, -1)] = value
    return metadata
  }

  /** As Stripe refunds: only a succeeded intent, and never more in all than was captured. */
  function refund(intentId: string, amount: number | null, metadata: Record<string, string>): { status: number; body: unknown } {
    const intent = intents.get(intentId)
    if (!intent) return error(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${intentId}'`)
    if (intent.status !== 'succeeded') return unexpectedState(intent, 'refunded')
    const left = intent.amount - refunds.filter((made) => made.payment_intent === intentId).reduce((sum, made) => sum + made.amount, 0)
    if (left === 0) return error(400, 'invalid_request_error', 'charge_already_refunded', `Charge for ${intentId} has already been refunded.`)
    const asked = amount ?? left
    if (asked > left)
      return error(
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount ($${asked / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
      )
    const made: StripeRefund = { id: `re_test_${++counter}`, object: 'refund', amount: asked, payment_intent: intentId, status: 'succeeded', metadata }
    refunds.push(made)
    return { status: 200, body: made }
  }

  function answer(method: string, path: string, params: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/refunds') {
      return refund(params.get('payment_intent') ?? '', params.has('amount') ? Number(params.get('amount')) : null, metadataOf(params))
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = refunds.filter((made) => made.payment_intent === params.get('payment_intent')).reverse()
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } }
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_test_${++counter}`
      const metadata = metadataOf(params)
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency')!,
        status: 'requires_payment_method',
        capture_method: params.get('capture_method')!,
        client_secret: `${id}_secret_test`,
        metadata,
      }
      intents.set(id, intent)
      return { status: 200, body: intent }
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path)
    const intent = match ? intents.get(match[1]!) : undefined
    if (!match || !intent) return error(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${match?.[1]}'`)
    if (!match[2]) return { status: 200, body: intent }
    if (match[2] === 'capture') {
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured')
      if (declineCaptureOf.has(intent.id)) {
        intent.status = 'canceled'
        return error(402, 'card_error', 'card_declined', 'Your card was declined.', { decline_code: 'generic_decline' })
      }
      intent.status = 'succeeded'
      return { status: 200, body: intent }
    }
    if (intent.status !== 'requires_capture' && intent.status !== 'requires_payment_method') return unexpectedState(intent, 'canceled')
    intent.status = 'canceled'
    return { status: 200, body: intent }
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      if (down) return Response.json({ error: { type: 'api_error', message: 'Stripe is down' } }, { status: 503 })
      const url = new URL(request.url)
      const params = new URLSearchParams(request.method === 'GET' ? url.search : await request.text())
      const idempotencyKey = request.headers.get('idempotency-key')
      sent.push({ method: request.method, path: url.pathname, idempotencyKey, params })
      const replayKey = idempotencyKey && `${request.method} ${url.pathname} ${idempotencyKey}`
      const reply = (replayKey && replies.get(replayKey)) || answer(request.method, url.pathname, params)
      if (replayKey) replies.set(replayKey, reply)
      return Response.json(reply.body, { status: reply.status })
    },
  })
  afterAll(() => server.stop(true))

  return {
    api: { host: '127.0.0.1', port: server.port!, protocol: 'http' as const },
    sent,
    intent: (id: string) => intents.get(id),
    /** What Stripe.js does in the browser when the buyer's card is authorized. */
    confirmCard(id: string) {
      intents.get(id)!.status = 'requires_capture'
    },
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
  }
}
