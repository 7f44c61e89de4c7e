import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { dalAndRice } from '../../testing/card-orders'
import { atTheGateway, groceryHoldsDisagreeing } from '../../testing/grocery-gateway'
import { testApi } from '../../testing/test-api'
import { orderSupport } from '../orders/index'
import { orderPayments } from '../payments/index'

// A declined grocery hold on PostgreSQL (PGlite has one connection and cannot race): many buyers at
// once, each placing the order twice at once (a double tap), and nothing is left holding.
const api = await testApi()
const { call, completeAccount, addStore, db, clock, kind, providers } = api
const store = await addStore({ name: 'Grocery Decline Race Store', latitude: 40.53, longitude: -74.3973 })
const BUYERS = 25
const CART = dalAndRice(store)
const confirmCard = (clientSecret: string, cardNumber: string) =>
  call('POST', '/api/payments/embedded/confirm', { body: { clientSecret, cardNumber, expMonth: 12, expYear: 2030, cvc: '123' } })

/**
 * A buyer's card checkout whose first intent `firstCard` authorizes; the grocery hold confirmed in
 * the browser with `groceryCard` when given (else left for the server to confirm on the saved
 * card); then the order placed twice at once. Returns both answers and the two intents.
 */
async function checkoutTwiceAtOnce(firstCard: string, groceryCard?: string) {
  const buyer = await completeAccount()
  const started = await call('POST', '/api/create-payment-intent', {
    cookie: buyer.cookie,
    body: { amount: 7, groceryPayment: 'card', storeId: store.store.id, items: CART },
  })
  const { clientSecret, paymentIntentId, groceryIntent } = started.body as {
    clientSecret: string
    paymentIntentId: string
    groceryIntent: { id: string; clientSecret: string }
  }
  expect((await confirmCard(clientSecret, firstCard)).status).toBe(200)
  if (groceryCard) expect((await confirmCard(groceryIntent.clientSecret, groceryCard)).status).toBe(402)
  const place = () =>
    call('POST', '/api/confirm-payment-and-create-order', {
      cookie: buyer.cookie,
      body: { paymentIntentId, groceryPaymentIntentId: groceryIntent.id, orderData: { storeId: store.store.id, items: CART, tip: 5 } },
    })
  const answers = await Promise.all([place(), place()])
  return { answers, intentIds: [paymentIntentId, groceryIntent.id] }
}

/** Nothing holds on any of these checkouts: both intents released at the gateway by one release each, one event each, and no order. */
async function expectNothingHolding(checkouts: { intentIds: string[] }[]) {
  const intents = await atTheGateway(db)
  for (const { intentIds } of checkouts) {
    for (const id of intentIds) {
      expect(intents.get(id)).toMatchObject({ status: 'canceled', captures: 0, releases: 1 })
      expect((await orderPayments.paymentEventsOf(db, id)).filter((event) => event.toStatus === 'cancelled')).toHaveLength(1)
    }
  }
  const placed = rows<{ count: number }>(await db.execute(sql`select count(*)::int as count from orders`))[0]!
  expect(placed.count).toBe(0)
  const check = await orderSupport.checkPayments(db, providers.payments, clock)
  expect([check.disagreeing, check.strandedHolds]).toEqual([[], []])
  expect(await groceryHoldsDisagreeing(db)).toEqual([])
}

/** Of a double tap, one is told the card was declined; the other the same, or that the checkout was released meanwhile. */
function expectRefused(answers: { status: number; body: { code?: string } }[]) {
  expect(answers.map((answer) => answer.body.code)).toContain('GROCERY_HOLD_DECLINED')
  for (const answer of answers) expect(['GROCERY_HOLD_DECLINED', 'PAYMENT_RELEASED']).toContain(answer.body.code!)
}

describe.skipIf(kind !== 'postgres')('a declined grocery hold on PostgreSQL', () => {
  test(`${BUYERS} buyers at once, each placing twice at once with the grocery hold declined on 4000 0000 0000 9995: no order, nothing holding`, async () => {
    const checkouts = await Promise.all(Array.from({ length: BUYERS }, () => checkoutTwiceAtOnce('4242424242424242', '4000000000009995')))
    for (const { answers } of checkouts) expectRefused(answers)
    await expectNothingHolding(checkouts)
  }, 60_000)

  test(`${BUYERS} buyers at once, each placing twice at once with the saved card declining the server's grocery hold (0341): no order, nothing holding`, async () => {
    const checkouts = await Promise.all(Array.from({ length: BUYERS }, () => checkoutTwiceAtOnce('4000000000000341')))
    for (const { answers } of checkouts) expectRefused(answers)
    await expectNothingHolding(checkouts)
  }, 60_000)
})
