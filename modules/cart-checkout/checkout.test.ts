import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { MESSAGES } from './contract'

// Checkout against the embedded gateway: a buyer near Edison (08817), a store a mile away, one 12 miles away.
const api = await testApi()
const { call, completeAccount, addStore, providers, db } = api
const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const near = await addStore({ name: 'Patel Brothers Test', latitude: EDISON.latitude + 0.0145, longitude: EDISON.longitude })
const other = await addStore({ name: 'Other Store Test', latitude: EDISON.latitude - 0.0145, longitude: EDISON.longitude })
const far = await addStore({ name: 'Far Away Test', latitude: EDISON.latitude + 12 / 69.05, longitude: EDISON.longitude })

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }

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
// Read back as support would, with SQL: what was written, whatever the modules' doors say.
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows)
/** The orders on an intent, each beside its payment's state (which payments keeps on the intent). */
const ordersFor = async (paymentIntentId: string) =>
  rowsOf(
    await db.execute(
      sql`select orders.*, i.payment_status from orders join checkout_intents i using (payment_intent_id) where payment_intent_id = ${paymentIntentId}`,
    ),
  )

describe('POST /api/create-payment-intent', () => {
  test('needs a signed-in buyer with a complete profile and a verified phone', async () => {
    expect((await call('POST', '/api/create-payment-intent', { body: { amount: 7 } })).status).toBe(401)
    const newcomer = await api.signUp()
    const incomplete = await call('POST', '/api/create-payment-intent', { cookie: newcomer.cookie, body: { amount: 7 } })
    expect(incomplete.status).toBe(403)
    expect(incomplete.body.code).toBe('PROFILE_INCOMPLETE')
    const runnerOnly = await completeAccount({ roles: ['runner'] })
    expect((await call('POST', '/api/create-payment-intent', { cookie: runnerOnly.cookie, body: { amount: 7 } })).body.code).toBe('NOT_A_BUYER')
  })

  test('a phone changed on the profile must be verified again before checkout', async () => {
    const buyer = await completeAccount()
    const edit = { phone: '(973) 201-7777', roles: ['buyer'], address: '12 Oak Tree Rd', city: 'Edison', state: 'NJ', zipCode: '08817' }
    expect((await call('PATCH', '/api/user/profile', { cookie: buyer.cookie, body: edit })).status).toBe(200)
    const refused = await call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7 } })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'PHONE_VERIFICATION_REQUIRED', requiresPhoneVerification: true })
  })

  test.each([0, 1.99, '2.001', 502.01, -7, 'abc', '7,00', '1e3', null, true])('refuses the amount %p with 400', async (amount) => {
    const buyer = await completeAccount()
    const response = await call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount } })
    expect(response.status).toBe(400)
  })

  test('authorizes the fee plus a tip from $0 to $500, in cents, manual capture', async () => {
    const buyer = await completeAccount()
    for (const [amount, cents] of [
      [2, 200],
      ['7.00', 700],
      [502, 50_200],
    ] as const) {
      const intent = await startCheckout(buyer.cookie, amount)
      expect(intent.clientSecret).toStartWith(`${intent.paymentIntentId}_secret_`)
      const stored = await providers.payments.retrieveIntent(intent.paymentIntentId)
      expect(stored).toMatchObject({ amountCents: cents, currency: 'usd', status: 'requires_payment_method', metadata: { buyerId: buyer.user.id } })
    }
  })

  test('the same checkoutId twice is one authorization', async () => {
    const buyer = await completeAccount()
    const checkoutId = crypto.randomUUID()
    const [first, second] = await Promise.all(
      [1, 2].map(() => call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7, checkoutId } })),
    )
    expect(first!.body.paymentIntentId).toBe(second!.body.paymentIntentId)
  })

  test('the same checkoutId with another amount is refused with 409 rather than answered with the first amount', async () => {
    const buyer = await completeAccount()
    const checkoutId = crypto.randomUUID()
    const first = await call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7, checkoutId } })
    expect(first.body.amount).toBe('7.00')
    const other = await call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 12, checkoutId } })
    expect(other.status).toBe(409)
    expect(other.body.code).toBe('CHECKOUT_AMOUNT_CHANGED')
  })
})

describe('the embedded card form (POST /api/payments/embedded/confirm)', () => {
  test.each([
    ['4242 4242 4242 4242', 200, null],
    ['5555 5555 5555 4444', 200, null],
    ['4000 0000 0000 0341', 200, null],
    ['4000 0000 0000 0002', 402, 'generic_decline'],
    ['4000 0000 0000 9995', 402, 'insufficient_funds'],
    ['4000 0000 0000 0069', 402, 'expired_card'],
    ['4000 0000 0000 0127', 402, 'incorrect_cvc'],
    ['4111 1111 1111 1111', 402, 'generic_decline'],
  ])('%s answers %i %s', async (cardNumber, status, declineCode) => {
    const buyer = await completeAccount()
    const intent = await startCheckout(buyer.cookie)
    const response = await confirmCard(intent.clientSecret, { cardNumber })
    expect(response.status).toBe(status)
    if (declineCode) {
      expect(response.body).toMatchObject({ code: 'card_declined', declineCode })
      expect(response.body.message).toBeString()
      expect(await intentStatus(intent.paymentIntentId)).toBe('requires_payment_method')
    } else {
      expect(response.body).toEqual({ id: intent.paymentIntentId, status: 'requires_capture' })
    }
  })

  test.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Your card number is invalid.'],
    [{ cardNumber: '4242' }, 'cardNumber', 'Your card number is incomplete.'],
    [{ expYear: 2025 }, 'expYear', "Your card's expiration year is in the past."],
    [{ expYear: 2026, expMonth: 10 }, 'expMonth', "Your card's expiration date is in the past."],
    [{ cvc: '12' }, 'cvc', "Your card's security code is incomplete."],
  ])('%j is refused with 400 naming %s', async (card, field, message) => {
    const buyer = await completeAccount()
    const intent = await startCheckout(buyer.cookie)
    const response = await confirmCard(intent.clientSecret, card)
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual({ [field]: message })
  })

  test('never stores the card number; a confirmed intent cannot be confirmed again; an unknown secret is 404', async () => {
    const buyer = await completeAccount()
    const intent = await startCheckout(buyer.cookie)
    await confirmCard(intent.clientSecret)
    const [row] = rowsOf(await db.execute(sql`select * from embedded_payment_intents where id = ${intent.paymentIntentId}`))
    expect(JSON.stringify(row)).not.toContain('4242424242424242')
    expect(row).toMatchObject({ card_brand: 'visa', card_last4: '4242' })
    expect((await confirmCard(intent.clientSecret)).status).toBe(400)
    expect((await confirmCard(`${intent.paymentIntentId}_secret_forged`)).status).toBe(404)
  })

  test('the fifth declined card cancels the intent, as Stripe blocks card testing; a good card after it is refused', async () => {
    const buyer = await completeAccount()
    const intent = await startCheckout(buyer.cookie)
    for (let attempt = 1; attempt <= 4; attempt++) expect((await confirmCard(intent.clientSecret, { cardNumber: '4000000000000002' })).status).toBe(402)
    expect(await intentStatus(intent.paymentIntentId)).toBe('requires_payment_method')
    expect((await confirmCard(intent.clientSecret, { cardNumber: '4000000000000002' })).status).toBe(402)
    expect(await intentStatus(intent.paymentIntentId)).toBe('canceled')
    const refused = await confirmCard(intent.clientSecret)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe("This PaymentIntent's status is canceled, so it cannot be confirmed.")
  })

  test('the same card confirmed twice at once: one authorization, one card kept, the other told the intent has moved on', async () => {
    const buyer = await completeAccount()
    const intent = await startCheckout(buyer.cookie)
    const cardsKept = async () => (rowsOf(await db.execute(sql`select count(*)::int as kept from embedded_payment_methods`))[0] as { kept: number }).kept
    const before = await cardsKept()
    const statuses = (await Promise.all([confirmCard(intent.clientSecret), confirmCard(intent.clientSecret)])).map((response) => response.status)
    expect(statuses.sort()).toEqual([200, 400])
    expect(await cardsKept()).toBe(before + 1)
    expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture')
  })
})

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
    expect(order.items).toEqual([
      {
        id: itemOf(near, 'Toor Dal').id,
        name: 'Toor Dal',
        quantity: 2,
        unit: '4 lb',
        price: '7.99',
        priceUnit: 'bag',
        isEstimatedPrice: true,
        comment: 'Yellow packet',
        isDelivered: null,
        substitutionPreference: 'contact_me',
        state: 'pending',
        substitution: null,
      },
      {
        id: itemOf(near, 'Fresh Methi').id,
        name: 'Fresh Methi',
        quantity: 1,
        unit: 'bunch',
        price: null,
        priceUnit: null,
        isEstimatedPrice: true,
        comment: '',
        isDelivered: null,
        substitutionPreference: 'contact_me',
        state: 'pending',
        substitution: null,
      },
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

describe('orders the buyer can see', () => {
  test("GET /api/orders is the buyer's own, newest first; GET /api/orders/{id} answers only those who may see it", async () => {
    const buyer = await completeAccount()
    const first = (await placeOrder(buyer.cookie, (await authorized(buyer.cookie)).paymentIntentId)).body.order as { id: string }
    api.clock.advance(60_000)
    const second = (await placeOrder(buyer.cookie, (await authorized(buyer.cookie, 2)).paymentIntentId, orderData(near, 2))).body.order as { id: string }
    const list = await call('GET', '/api/orders', { cookie: buyer.cookie })
    expect((list.body as unknown as { id: string }[]).map((order) => order.id)).toEqual([second.id, first.id])

    expect((await call('GET', `/api/orders/${first.id}`, { cookie: buyer.cookie })).status).toBe(200)
    const stranger = await completeAccount()
    expect((await call('GET', `/api/orders/${first.id}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await call('GET', '/api/orders', { cookie: stranger.cookie })).body).toEqual([] as never)
    expect((await call('GET', `/api/orders/not-an-id`, { cookie: buyer.cookie })).status).toBe(404)

    // A runner may look at a waiting order, without the buyer's name, phone or street address.
    const runner = await completeAccount({ roles: ['runner'], firstName: 'Ravi' })
    const seen = await call('GET', `/api/orders/${first.id}`, { cookie: runner.cookie })
    expect(seen.status).toBe(200)
    expect(seen.body.order).toMatchObject({
      deliveryAddress: null,
      deliveryInstructions: null,
      buyerFirstName: null,
      buyerLastName: null,
      buyerPhone: null,
      deliveryArea: 'Edison, NJ 08817',
    })
  })
})

describe('POST /api/orders/{id}/cancel', () => {
  test('the buyer cancels a waiting order: the hold is released and the order cancelled, together', async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    const order = (await placeOrder(buyer.cookie, intent.paymentIntentId)).body.order as { id: string }
    const response = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect(response.status).toBe(200)
    expect(response.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'buyer' })
    expect(await intentStatus(intent.paymentIntentId)).toBe('canceled')
    const again = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('INVALID_TRANSITION')
  })

  test("only the buyer: anyone else's cancel is 404", async () => {
    const buyer = await completeAccount()
    const order = (await placeOrder(buyer.cookie, (await authorized(buyer.cookie)).paymentIntentId)).body.order as { id: string }
    const runner = await completeAccount({ roles: ['runner', 'buyer'] })
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: runner.cookie })).status).toBe(404)
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order).toMatchObject({ status: 'pending_runner_acceptance' })
  })
})
