import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { embeddedCheckout } from '../../testing/embedded-checkout'

const { api, startCheckout, confirmCard, intentStatus } = await embeddedCheckout()
const { call, completeAccount, providers, db } = api

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
    const [row] = rows(await db.execute(sql`select * from embedded_payment_intents where id = ${intent.paymentIntentId}`))
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
    const cardsKept = async () => rows<{ kept: number }>(await db.execute(sql`select count(*)::int as kept from embedded_payment_methods`))[0]!.kept
    const before = await cardsKept()
    const statuses = (await Promise.all([confirmCard(intent.clientSecret), confirmCard(intent.clientSecret)])).map((response) => response.status)
    expect(statuses.sort()).toEqual([200, 400])
    expect(await cardsKept()).toBe(before + 1)
    expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture')
  })
})
