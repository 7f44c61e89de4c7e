import { expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../db/migrate'
import { testApi } from './test-api'

const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }

/**
 * Checkout against the embedded gateway: a buyer near Edison (08817), a store a mile away, another a mile
 * the other way, one 12 miles away; and the calls a checkout makes, as the spec's client makes them.
 */
export async function embeddedCheckout() {
  const api = await testApi()
  const { call, addStore, providers, db } = api
  const near = await addStore({ name: 'Patel Brothers Test', latitude: EDISON.latitude + 0.0145, longitude: EDISON.longitude })
  const other = await addStore({ name: 'Other Store Test', latitude: EDISON.latitude - 0.0145, longitude: EDISON.longitude })
  const far = await addStore({ name: 'Far Away Test', latitude: EDISON.latitude + 12 / 69.05, longitude: EDISON.longitude })

  async function startCheckout(cookie: string, amount: number | string = 7) {
    const response = await call('POST', '/api/create-payment-intent', { cookie, body: { amount } })
    expect(response.status).toBe(200)
    return response.body as { clientSecret: string; paymentIntentId: string; amount: string }
  }

  const confirmCard = (clientSecret: string, card: Partial<typeof GOOD_CARD> = {}) =>
    call('POST', '/api/payments/embedded/confirm', { body: { clientSecret, ...GOOD_CARD, ...card } })

  /** An authorized intent for the fee plus `tip` dollars. */
  async function authorized(cookie: string, tip = 5) {
    const intent = await startCheckout(cookie, 2 + tip)
    expect((await confirmCard(intent.clientSecret)).status).toBe(200)
    return intent
  }

  const itemOf = (store: typeof near, name: string) => store.items.find((item) => item.name === name)!

  /** What the spec's client sends: the pending order, with names and prices it made up, which the server ignores. */
  function orderData(
    store = near,
    tip: string | number = '5.00',
    lines: { name: string; quantity: number; substitution?: string }[] = [
      { name: 'Toor Dal', quantity: 2 },
      { name: 'Fresh Methi', quantity: 1 },
    ],
  ) {
    return {
      storeId: store.store.id,
      items: lines.map(({ name, quantity, substitution }) => ({
        id: itemOf(store, name).id,
        quantity,
        substitution,
        name: 'Made-up name',
        price: '0.01',
        comment: name === 'Toor Dal' ? 'Yellow packet' : undefined,
      })),
      platformFee: '0.00',
      tip,
      totalAmount: '0.01',
      deliveryAddress: '1 Somewhere Else',
      deliveryInstructions: 'Ring twice',
      scheduledFor: null,
      timeSlot: 'ASAP',
      estimatedGroceryCost: '0.01',
    }
  }

  const placeOrder = (cookie: string, paymentIntentId: string, data: ReturnType<typeof orderData> = orderData()) =>
    call('POST', '/api/confirm-payment-and-create-order', { cookie, body: { paymentIntentId, orderData: data, storeData: { name: near.store.name } } })

  const intentStatus = async (id: string) => (await providers.payments.retrieveIntent(id))?.status
  /** The orders on an intent, each beside its payment's state (which payments keeps on the intent), read back with SQL as support would. */
  const ordersFor = async (paymentIntentId: string) =>
    rows<Record<string, unknown>>(
      await db.execute(
        sql`select orders.*, i.payment_status from orders join checkout_intents i using (payment_intent_id) where payment_intent_id = ${paymentIntentId}`,
      ),
    )

  return { api, near, other, far, startCheckout, confirmCard, authorized, itemOf, orderData, placeOrder, intentStatus, ordersFor }
}
