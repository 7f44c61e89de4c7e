import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { storeHours } from '../catalog/index'
import type { PaymentGateway } from '../payments/index'

// ASAP orders against a store's hours, with the test's clock set to the New York times named (the stores' default zone).
let intentsMade = 0
const api = await testApi({
  wrapPayments: (inner): PaymentGateway => ({
    ...inner,
    createIntent: (input) => {
      intentsMade++
      return inner.createIntent(input)
    },
  }),
})
const { call, completeAccount, addStore, providers, db, clock } = api
const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const patel = await addStore({ name: 'Patel Hours Test', latitude: EDISON.latitude + 0.0145, longitude: EDISON.longitude })
const allNight = await addStore({ name: 'All Night Test', latitude: EDISON.latitude - 0.0145, longitude: EDISON.longitude })
await storeHours.setStoreHours(db, patel.store.id, 'mon-sat 09:00-21:00; sun 10:00-19:00')
await storeHours.closeStore(db, patel.store.id, { from: '2026-11-28', to: '2026-11-28', reason: 'Family wedding' })
/** Friday 27 November 2026 at `time` in New York. */
const friday = (time: string) => new Date(`2026-11-27T${time}:00-05:00`)
// The buyer signs up that week, so their session lasts through it.
clock.set(friday('12:00'))
const buyer = await completeAccount()
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }

const startCheckout = (store: typeof patel) =>
  call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7, storeId: store.store.id } })
const intentRows = async () => {
  const result = await db.execute(sql`select count(*)::int as count from checkout_intents where buyer_id = ${buyer.user.id}`)
  return ((Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows)[0] as { count: number }).count
}

/** What the order for delivery now is refused with, before any hold: no intent at the gateway, none recorded. */
async function refusedBeforeAnyHold(store: typeof patel) {
  const [madeBefore, rowsBefore] = [intentsMade, await intentRows()]
  const response = await startCheckout(store)
  expect(response.status).toBe(409)
  expect(response.body.code).toBe('STORE_CLOSED')
  expect(intentsMade).toBe(madeBefore)
  expect(await intentRows()).toBe(rowsBefore)
  return response.body as { message: string; nextOpening: string | null }
}

describe('create-payment-intent for delivery now', () => {
  test('a closed store is refused with 409 STORE_CLOSED before any hold, naming its next opening in its time', async () => {
    clock.set(friday('06:30'))
    expect(await refusedBeforeAnyHold(patel)).toEqual({
      message: 'Patel Hours Test is closed now; it opens 9 AM today.',
      code: 'STORE_CLOSED',
      nextOpening: friday('09:00').toISOString(),
    } as never)
  })

  test('from ASAP_CUTOFF_MINUTES (45) before closing it is refused too, saying when it closes and opens again', async () => {
    clock.set(friday('20:15'))
    expect((await startCheckout(patel)).status).toBe(200)
    clock.set(friday('20:16'))
    const refused = await refusedBeforeAnyHold(patel)
    expect(refused.message).toBe('Patel Hours Test closes at 9 PM, too soon to shop an order for delivery now; it opens again 10 AM Sunday.')
    expect(refused.nextOpening).toBe(new Date('2026-11-29T10:00:00-05:00').toISOString())
  })

  test('a dated closure closes the whole day: the next opening is the day after', async () => {
    clock.set(new Date('2026-11-28T12:00:00-05:00'))
    const refused = await refusedBeforeAnyHold(patel)
    expect(refused.message).toBe('Patel Hours Test is closed today (Family wedding); it opens 10 AM tomorrow.')
    expect(refused.nextOpening).toBe(new Date('2026-11-29T10:00:00-05:00').toISOString())
    clock.set(friday('22:00'))
    expect((await refusedBeforeAnyHold(patel)).message).toBe('Patel Hours Test is closed now; it opens 10 AM Sunday.')
  })

  test('a store given no hours takes orders at any hour, and a checkout naming no store is not asked', async () => {
    clock.set(friday('03:00'))
    expect((await startCheckout(allNight)).status).toBe(200)
    expect((await call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7 } })).status).toBe(200)
  })
})

describe('confirm-payment-and-create-order for delivery now', () => {
  const items = patel.items.slice(0, 2).map((item) => ({ id: item.id, quantity: 1 }))
  const place = (paymentIntentId: string) =>
    call('POST', '/api/confirm-payment-and-create-order', {
      cookie: buyer.cookie,
      body: { paymentIntentId, orderData: { storeId: patel.store.id, items, tip: 5 } },
    })

  async function authorizedAt(time: string) {
    clock.set(friday(time))
    const intent = (await startCheckout(patel)).body as { clientSecret: string; paymentIntentId: string }
    expect((await call('POST', '/api/payments/embedded/confirm', { body: { clientSecret: intent.clientSecret, ...GOOD_CARD } })).status).toBe(200)
    return intent.paymentIntentId
  }

  test('the store closing past the cutoff while the buyer paid: 409 STORE_CLOSED, the hold released, no order', async () => {
    const paymentIntentId = await authorizedAt('20:10')
    clock.set(friday('20:20'))
    const refused = await place(paymentIntentId)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('STORE_CLOSED')
    expect(refused.body.message).toContain('opens again 10 AM Sunday')
    expect((await providers.payments.retrieveIntent(paymentIntentId))?.status).toBe('canceled')
    const orders = await db.execute(sql`select id from orders where payment_intent_id = ${paymentIntentId}`)
    expect(Array.isArray(orders) ? orders : (orders as { rows: unknown[] }).rows).toHaveLength(0)
  })

  test('open and not closing soon: the order is placed', async () => {
    const paymentIntentId = await authorizedAt('14:00')
    const placed = await place(paymentIntentId)
    expect(placed.status).toBe(200)
  })
})
