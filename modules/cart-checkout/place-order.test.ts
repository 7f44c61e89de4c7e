import { describe, expect, test } from 'bun:test'
import { embeddedCheckout } from '../../testing/embedded-checkout'
import { anOrderItem } from '../../web/testing/order-fixtures'
import { MESSAGES } from './contract'

const { api, near, other, far, startCheckout, authorized, itemOf, orderData, placeOrder, intentStatus, ordersFor } = await embeddedCheckout()
const { call, completeAccount } = api

describe('POST /api/confirm-payment-and-create-order', () => {
  test('places the order with the catalog names and prices, the fee and tip in dollars, the address from the profile', async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    const response = await placeOrder(buyer.cookie, intent.paymentIntentId)
    expect(response.status).toBe(200)
    const order = response.body.order as Record<string, unknown> & { items: Record<string, unknown>[] }
    expect(order).toMatchObject({
      status: 'pending_runner_acceptance',
      paymentStatus: 'authorized',
      buyerId: buyer.user.id,
      storeId: near.store.id,
      storeName: 'Patel Brothers Test',
      platformFee: '2.00',
      tip: '5.00',
      totalAmount: '7.00',
      // 2 x $7.99 of dal; the methi is priced at the counter.
      estimatedGroceryCost: '15.98',
      deliveryAddress: '12 Oak Tree Rd, Edison, NJ 08817',
      deliveryArea: 'Edison, NJ 08817',
      deliveryInstructions: 'Ring twice',
      timeSlot: 'ASAP',
      runnerId: null,
      buyerPhone: null,
    })
    // Each line as placed: waiting to be picked, the runner to ask before substituting (anOrderItem's defaults).
    expect(order.items).toEqual([
      anOrderItem({ id: itemOf(near, 'Toor Dal').id, name: 'Toor Dal', quantity: 2, unit: '4 lb', price: '7.99', priceUnit: 'bag', comment: 'Yellow packet' }),
      anOrderItem({ id: itemOf(near, 'Fresh Methi').id, name: 'Fresh Methi', quantity: 1, unit: 'bunch', price: null, priceUnit: null, comment: '' }),
    ])
    const [row] = await ordersFor(intent.paymentIntentId)
    expect(row).toMatchObject({ platform_fee_cents: 200, tip_cents: 500, total_cents: 700, estimated_grocery_cents: 1598 })
    expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture')
  })

  test('the same intent twice, even at once, is one order', async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    const [first, second] = await Promise.all([placeOrder(buyer.cookie, intent.paymentIntentId), placeOrder(buyer.cookie, intent.paymentIntentId)])
    expect(first!.status).toBe(200)
    expect(second!.status).toBe(200)
    expect((second!.body.order as { id: string }).id).toBe((first!.body.order as { id: string }).id)
    expect(await ordersFor(intent.paymentIntentId)).toHaveLength(1)
  })

  test('the same intent with another order is refused with 409, as Stripe refuses a key reused with other parameters; the order keeps its hold', async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    expect((await placeOrder(buyer.cookie, intent.paymentIntentId)).status).toBe(200)
    const other = await placeOrder(buyer.cookie, intent.paymentIntentId, orderData(near, '5.00', [{ name: 'Basmati Rice', quantity: 9 }]))
    expect(other.status).toBe(409)
    expect(other.body.code).toBe('PAYMENT_ALREADY_USED')
    expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture')
    expect(await ordersFor(intent.paymentIntentId)).toHaveLength(1)
  })

  test('each line keeps what the buyer asked should it be missing (contact_me unless said); the same lines again are the same request, other choices another', async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    const asked = orderData(near, '5.00', [
      { name: 'Toor Dal', quantity: 2, substitution: 'best_match' },
      { name: 'Basmati Rice', quantity: 1, substitution: 'skip' },
      { name: 'Fresh Methi', quantity: 1 },
    ])
    const placed = await placeOrder(buyer.cookie, intent.paymentIntentId, asked)
    expect(placed.status).toBe(200)
    const lines = (placed.body.order as { items: { substitutionPreference: string; state: string; substitution: unknown }[] }).items
    expect(lines.map((line) => line.substitutionPreference)).toEqual(['best_match', 'skip', 'contact_me'])
    expect(lines.every((line) => line.state === 'pending' && line.substitution === null)).toBe(true)
    const again = await placeOrder(buyer.cookie, intent.paymentIntentId, asked)
    expect((again.body.order as { id: string }).id).toBe((placed.body.order as { id: string }).id)
    const changed = await placeOrder(buyer.cookie, intent.paymentIntentId, {
      ...asked,
      items: asked.items.map((line, index) => (index === 1 ? { ...line, substitution: 'best_match' } : line)),
    })
    expect(changed.status).toBe(409)
    expect(changed.body.code).toBe('PAYMENT_ALREADY_USED')
  })

  test('a substitution choice other than the three is 400 naming the line', async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    const refused = await placeOrder(
      buyer.cookie,
      intent.paymentIntentId,
      orderData(near, '5.00', [{ name: 'Toor Dal', quantity: 1, substitution: 'anything' }]),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ 'orderData.items.0.substitution': 'Substitution must be best_match, contact_me or skip' })
  })

  describe('a refused second confirm never releases the hold of the order that stands', () => {
    /** The order is accepted by a runner: its capture must find the hold still there. */
    async function acceptedAndCaptured(paymentIntentId: string) {
      const [order] = await ordersFor(paymentIntentId)
      expect(order).toMatchObject({ status: 'pending_runner_acceptance', payment_status: 'authorized' })
      const runner = await completeAccount({ roles: ['runner'] })
      const accepted = await call('PATCH', `/api/orders/${order!.id}/accept`, { cookie: runner.cookie })
      expect(accepted.status).toBe(200)
      expect(accepted.body.order).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
      expect(await intentStatus(paymentIntentId)).toBe('succeeded')
    }

    test('one after the other: the wrong tip is 400 AMOUNT_MISMATCH, and the order is still captured by the accept', async () => {
      for (let round = 0; round < 3; round++) {
        const buyer = await completeAccount()
        const intent = await authorized(buyer.cookie)
        expect((await placeOrder(buyer.cookie, intent.paymentIntentId)).status).toBe(200)
        const refused = await placeOrder(buyer.cookie, intent.paymentIntentId, orderData(near, '9.00'))
        expect(refused.status).toBe(400)
        expect(refused.body.code).toBe('AMOUNT_MISMATCH')
        expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture')
        await acceptedAndCaptured(intent.paymentIntentId)
      }
    })

    test('racing: whichever confirm comes first, the order that stands keeps its hold and is captured', async () => {
      for (let round = 0; round < 10; round++) {
        const buyer = await completeAccount()
        const intent = await authorized(buyer.cookie)
        const [good, wrong] = await Promise.all([
          placeOrder(buyer.cookie, intent.paymentIntentId),
          placeOrder(buyer.cookie, intent.paymentIntentId, orderData(near, '9.00')),
        ])
        expect(wrong!.status).toBe(400)
        const orders = await ordersFor(intent.paymentIntentId)
        if (good!.status === 200) {
          expect(orders).toHaveLength(1)
          await acceptedAndCaptured(intent.paymentIntentId)
        } else {
          // The refusal released the hold before the order was made: then no order stands, and nothing is held.
          expect(good!.body.code).toBe('PAYMENT_RELEASED')
          expect(orders).toHaveLength(0)
          expect(await intentStatus(intent.paymentIntentId)).toBe('canceled')
        }
      }
    })
  })

  test("another buyer's intent is not found, and its hold is left alone", async () => {
    const owner = await completeAccount()
    const intruder = await completeAccount()
    const intent = await authorized(owner.cookie)
    const response = await placeOrder(intruder.cookie, intent.paymentIntentId)
    expect(response.status).toBe(404)
    expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture')
    expect(await ordersFor(intent.paymentIntentId)).toHaveLength(0)
  })

  test('an intent whose card was not confirmed places nothing', async () => {
    const buyer = await completeAccount()
    const intent = await startCheckout(buyer.cookie)
    const response = await placeOrder(buyer.cookie, intent.paymentIntentId)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('PAYMENT_NOT_AUTHORIZED')
  })

  test("an older client's timeSlot is taken and not read: a window is the one way to schedule, and an order with none is ASAP", async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    const response = await placeOrder(buyer.cookie, intent.paymentIntentId, { ...orderData(near), timeSlot: 'Midnight' })
    expect(response.status).toBe(200)
    expect(response.body.order).toMatchObject({ timeSlot: 'ASAP', scheduledFor: null, scheduledWindow: null })
  })

  describe('a refusal after the card was authorized releases the hold and writes nothing', () => {
    test.each([
      ['a tip that does not match the authorization', () => orderData(near, '6.00'), 'AMOUNT_MISMATCH'],
      ['a tampered tip', () => orderData(near, '-5'), 'INVALID_TIP'],
      ['an item of another store', () => ({ ...orderData(near), items: [{ id: itemOf(other, 'Toor Dal').id, quantity: 1 }] }), 'ITEM_NOT_AVAILABLE'],
      ['an unknown item', () => ({ ...orderData(near), items: [{ id: crypto.randomUUID(), quantity: 1 }] }), 'ITEM_NOT_AVAILABLE'],
      ['a quantity of 0', () => orderData(near, '5.00', [{ name: 'Toor Dal', quantity: 0 }]), 'INVALID_QUANTITY'],
      ['a quantity of 100', () => orderData(near, '5.00', [{ name: 'Toor Dal', quantity: 100 }]), 'INVALID_QUANTITY'],
      ['no items', () => ({ ...orderData(near), items: [] }), 'EMPTY_ORDER'],
      ['an unknown store', () => ({ ...orderData(near), storeId: crypto.randomUUID() }), 'STORE_NOT_FOUND'],
    ])('%s', async (_case, data, code) => {
      const buyer = await completeAccount()
      const intent = await authorized(buyer.cookie)
      const response = await placeOrder(buyer.cookie, intent.paymentIntentId, data() as ReturnType<typeof orderData>)
      expect(response.status).toBe(400)
      expect(response.body.code).toBe(code)
      expect(await intentStatus(intent.paymentIntentId)).toBe('canceled')
      expect(await ordersFor(intent.paymentIntentId)).toHaveLength(0)
      // A released authorization cannot be used again.
      expect((await placeOrder(buyer.cookie, intent.paymentIntentId)).body.code).toBe('PAYMENT_RELEASED')
    })

    test('a store 12 miles from the profile address: LOCATION_TOO_FAR with the distance', async () => {
      const buyer = await completeAccount()
      const intent = await authorized(buyer.cookie)
      const response = await placeOrder(buyer.cookie, intent.paymentIntentId, orderData(far))
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: 'LOCATION_TOO_FAR', distance: 12 })
      expect(response.body.message).toBe(MESSAGES.locationTooFar(12))
      expect(await intentStatus(intent.paymentIntentId)).toBe('canceled')
    })
  })
})
