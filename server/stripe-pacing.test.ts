import { describe, expect, test } from 'bun:test'
import { openDatabase } from '../db/client'
import { stripeGateway, stripeRequestPacer } from '../modules/payments/gateways/index'
import { paymentErrors } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { stripeRigsOn, stripeSettings } from '../testing/stripe-rig'
import { stripeStandIn } from '../testing/stripe-stand-in'

// The real `stripe` SDK against a loopback stand-in of Stripe, paced through this database as the server paces it.
const database = await freshTestDatabase()
const stripeRig = stripeRigsOn(database.db)

describe('the pace every instance shares', () => {
  /** Starts `calls` at once; resolves with how long they took together, in ms. */
  async function timed(calls: Array<() => Promise<unknown>>) {
    const started = performance.now()
    await Promise.all(calls.map((call) => call()))
    return performance.now() - started
  }

  test('eleven calls at ten a second take a second at least: they leave a tenth of a second apart', async () => {
    const { stripe, gateway } = stripeRig({ perSecond: 10, standIn: { requestsPerSecond: 1000 } })
    const elapsed = await timed(Array.from({ length: 11 }, () => () => gateway.retrieveIntent('pi_missing')))
    expect(elapsed).toBeGreaterThanOrEqual(990)
    expect(stripe.sent).toHaveLength(11)
  })

  test('two gateways on one database, as two instances, share the one pace', async () => {
    // On PostgreSQL the second instance has a pool of its own, as another server process would.
    const other = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : null
    const stripe = stripeStandIn({ requestsPerSecond: 1000 })
    const settings = stripeSettings(stripe)
    const one = stripeGateway(settings, stripeRequestPacer(database.db, 10))
    const two = stripeGateway(settings, stripeRequestPacer((other ?? database).db, 10))
    const calls = [one, two].flatMap((gateway) => Array.from({ length: 6 }, () => () => gateway.retrieveIntent('pi_missing')))
    try {
      // Paced apart they would take half a second; together, twelve calls at ten a second take 1.1 s.
      expect(await timed(calls)).toBeGreaterThanOrEqual(1090)
      expect(stripe.sent).toHaveLength(12)
    } finally {
      await other?.close()
    }
  })
})

describe("Stripe's own rate limit", () => {
  /** A buyer's card authorized at Stripe, waiting for a runner. */
  async function heldPayment({ stripe, gateway }: ReturnType<typeof stripeRig>) {
    const intent = await gateway.createIntent({ amountCents: 700, metadata: {}, idempotencyKey: `checkout:${crypto.randomUUID()}:create` })
    stripe.confirmCard(intent.id)
    return intent.id
  }

  test('a 429 is waited out and the capture sent again under the same key until it goes through, charging once', async () => {
    let told = 0
    const rig = stripeRig({ perSecond: 100, standIn: { requestsPerSecond: 1000 }, onRateLimited: () => told++ })
    const intentId = await heldPayment(rig)
    // One request a second: the intent just created leaves no room for the capture right after it.
    rig.stripe.setRequestsPerSecond(1)
    expect((await rig.gateway.capture(intentId, 'order:o-busy:capture')).status).toBe('succeeded')
    const attempts = rig.stripe.sent.filter((sent) => sent.path === `/v1/payment_intents/${intentId}/capture`)
    expect(attempts.length).toBeGreaterThan(1)
    expect(attempts.map((sent) => sent.status)).toEqual([...attempts.slice(1).map(() => 429), 200])
    // Each 429 is told, for the operator's figures.
    expect(told).toBe(attempts.length - 1)
    expect(new Set(attempts.map((sent) => sent.idempotencyKey))).toEqual(new Set(['order:o-busy:capture']))
  })

  test('Stripe turning every request away is given up after the patience, as Stripe being unavailable', async () => {
    const { stripe, gateway } = stripeRig({ perSecond: 100, rateLimitPatienceMs: 600 })
    stripe.setRequestsPerSecond(0)
    const started = performance.now()
    await expect(gateway.retrieveIntent('pi_any')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    expect(performance.now() - started).toBeLessThan(3000)
    expect(stripe.sent.length).toBeGreaterThan(1)
    expect(stripe.sent.every((sent) => sent.status === 429)).toBe(true)
  })

  test('Stripe failing on its side is tried again maxNetworkRetries times under the same key, each in its turn, then it is unavailable', async () => {
    const rig = stripeRig({ perSecond: 100, maxNetworkRetries: 1 })
    const intentId = await heldPayment(rig)
    rig.stripe.setDown(true)
    await expect(rig.gateway.capture(intentId, 'order:o-down:capture')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    rig.stripe.setDown(false)
    expect(rig.stripe.sent.filter((sent) => sent.status === 503).map((sent) => [sent.path, sent.idempotencyKey])).toEqual([
      [`/v1/payment_intents/${intentId}/capture`, 'order:o-down:capture'],
      [`/v1/payment_intents/${intentId}/capture`, 'order:o-down:capture'],
    ])
  })
})
