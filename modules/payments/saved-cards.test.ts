import { describe, expect, test } from 'bun:test'
import { freshTestDatabase } from '../../testing/database'
import { stripeStandIn } from '../../testing/stripe-stand-in'
import { manualClock } from '../shared/index'
import { embeddedGateway } from './gateways/embedded/embedded-gateway'
import { PaymentDeclinedError, type PaymentGateway, PaymentStateError } from './gateways/gateway'
import { stripeGateway } from './gateways/stripe/stripe-gateway'
import { stripeRequestPacer } from './gateways/stripe/stripe-pacing'
import { idempotencyKeys } from './keys'

// A buyer's card saved during the first payment (a Customer, setup_future_usage off_session), then
// a second manual-capture intent confirmed on it from the server: the grocery hold, or an extra charge.
const { db } = await freshTestDatabase()
const clock = manualClock()
const embedded = embeddedGateway(db, clock, { appUrl: 'http://localhost:3000' })
const stripe = stripeStandIn({ requestsPerSecond: 100 })
const viaStripe = stripeGateway(
  { secretKey: 'sk_test_kirana', publishableKey: 'pk_test_kirana', api: stripe.api, maxNetworkRetries: 0 },
  stripeRequestPacer(db, 100),
)

const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: 2030, cvc: '123' })

/** Each gateway, with what the browser does to authorize an intent by its client secret, and what makes a saved card decline from now on. */
const gateways: [string, PaymentGateway, (intent: { id: string; clientSecret: string }, cardNumber?: string) => Promise<void>][] = [
  [
    'embedded',
    embedded,
    async (intent, cardNumber = '4242424242424242') => {
      const result = await embedded.confirmCard(intent.clientSecret, card(cardNumber))
      if (result.declined) throw new PaymentDeclinedError(result.declined.declineCode, result.declined.message)
    },
  ],
  [
    'stripe',
    viaStripe,
    async (intent, cardNumber = '4242424242424242') => {
      const paymentMethodId = stripe.confirmCard(intent.id)
      // Stripe's 0341: attaching to the customer succeeds, charging it fails.
      if (cardNumber === '4000000000000341') stripe.declineChargesOn(paymentMethodId, 'generic_decline')
    },
  ],
]

/** A buyer's first payment, saving the card: the intent, authorized in the browser, with the customer it belongs to. */
async function firstPayment(gateway: PaymentGateway, confirm: (typeof gateways)[number][2], buyerId: string, cardNumber?: string) {
  const customer = await gateway.createCustomer({ buyerId, idempotencyKey: idempotencyKeys.customer(buyerId) })
  const first = await gateway.createIntent({
    amountCents: 700,
    metadata: { buyerId },
    idempotencyKey: idempotencyKeys.createIntent(buyerId, 'r1'),
    customerId: customer.id,
    saveCard: true,
  })
  await confirm(first, cardNumber)
  return { customer, first: (await gateway.retrieveIntent(first.id))! }
}

describe.each(gateways)('the %s gateway saves the buyer card for a second hold', (_, gateway, confirm) => {
  test('one Customer per buyer key; the first intent saves its card to it, and a second manual-capture intent is held on that card from the server', async () => {
    const buyerId = crypto.randomUUID()
    const { customer, first } = await firstPayment(gateway, confirm, buyerId)
    expect((await gateway.createCustomer({ buyerId, idempotencyKey: idempotencyKeys.customer(buyerId) })).id).toBe(customer.id)
    expect(first).toMatchObject({ status: 'requires_capture', customerId: customer.id, lastDeclineCode: null })
    expect(first.paymentMethodId).toBeString()

    const grocery = await gateway.createIntent({
      amountCents: 4500,
      metadata: { buyerId },
      idempotencyKey: idempotencyKeys.createGroceryIntent(buyerId, 'r1'),
      customerId: customer.id,
    })
    expect(grocery).toMatchObject({ status: 'requires_payment_method', amountCents: 4500, customerId: customer.id })
    const key = idempotencyKeys.confirmOnSavedCard(grocery.id)
    const held = await gateway.confirmWithSavedCard(grocery.id, { paymentMethodId: first.paymentMethodId!, idempotencyKey: key })
    expect(held).toMatchObject({ id: grocery.id, status: 'requires_capture', paymentMethodId: first.paymentMethodId })
    // The same key again replays the hold rather than confirming twice.
    expect((await gateway.confirmWithSavedCard(grocery.id, { paymentMethodId: first.paymentMethodId!, idempotencyKey: key })).status).toBe('requires_capture')
    // Capturing less than was held is allowed, and the two intents are captured or released on their own.
    expect((await gateway.capture(grocery.id, 'order:o1:grocery-capture')).status).toBe('succeeded')
    expect((await gateway.cancel(first.id, 'order:o1:cancel')).status).toBe('canceled')
  })

  test('a card saved by another customer, or never saved, is refused; nothing is held', async () => {
    const mine = await firstPayment(gateway, confirm, crypto.randomUUID())
    const other = await firstPayment(gateway, confirm, crypto.randomUUID())
    const grocery = await gateway.createIntent({ amountCents: 2000, metadata: {}, idempotencyKey: `test:${crypto.randomUUID()}`, customerId: mine.customer.id })
    const refused = await gateway
      .confirmWithSavedCard(grocery.id, { paymentMethodId: other.first.paymentMethodId!, idempotencyKey: `test:${crypto.randomUUID()}` })
      .catch((error) => error)
    expect(refused).toBeInstanceOf(Error)
    expect((await gateway.retrieveIntent(grocery.id))!.status).toBe('requires_payment_method')

    // Without saveCard the card stays with that one intent.
    const unsaved = await gateway.createIntent({ amountCents: 700, metadata: {}, idempotencyKey: `test:${crypto.randomUUID()}`, customerId: mine.customer.id })
    await confirm(unsaved)
    const pm = (await gateway.retrieveIntent(unsaved.id))!.paymentMethodId!
    const again = await gateway.createIntent({ amountCents: 2000, metadata: {}, idempotencyKey: `test:${crypto.randomUUID()}`, customerId: mine.customer.id })
    expect(
      await gateway.confirmWithSavedCard(again.id, { paymentMethodId: pm, idempotencyKey: `test:${crypto.randomUUID()}` }).catch((error) => error),
    ).toBeInstanceOf(Error)
  })

  test('a saved card whose later charges fail declines the second hold: the intent waits for a card, with the decline code', async () => {
    const { customer, first } = await firstPayment(gateway, confirm, crypto.randomUUID(), '4000000000000341')
    expect(first.status).toBe('requires_capture')
    const grocery = await gateway.createIntent({ amountCents: 2000, metadata: {}, idempotencyKey: `test:${crypto.randomUUID()}`, customerId: customer.id })
    const key = idempotencyKeys.confirmOnSavedCard(grocery.id)
    const declined = await gateway.confirmWithSavedCard(grocery.id, { paymentMethodId: first.paymentMethodId!, idempotencyKey: key }).catch((error) => error)
    expect(declined).toBeInstanceOf(PaymentDeclinedError)
    expect(declined.declineCode).toBe('generic_decline')
    expect(await gateway.retrieveIntent(grocery.id)).toMatchObject({ status: 'requires_payment_method', lastDeclineCode: 'generic_decline' })
    // Released like any intent still waiting for a card.
    expect((await gateway.cancel(grocery.id, `intent:${grocery.id}:cancel`)).status).toBe('canceled')
    await expect(
      gateway.confirmWithSavedCard(grocery.id, { paymentMethodId: first.paymentMethodId!, idempotencyKey: 'test:after-cancel' }),
    ).rejects.toBeInstanceOf(PaymentStateError)
  })
})

describe.each(gateways)('the %s gateway charges a saved card at once for an extra', (_, gateway, confirm) => {
  test('captured in full at once, the same key the same charge; a card whose later charges fail gives back the intent waiting for a card', async () => {
    const { customer, first } = await firstPayment(gateway, confirm, crypto.randomUUID())
    const charge = { amountCents: 710, customerId: customer.id, paymentMethodId: first.paymentMethodId!, metadata: { orderId: 'o1' } }
    const key = `order:${crypto.randomUUID()}:grocery-extra`
    const charged = await gateway.chargeSavedCard({ ...charge, idempotencyKey: key })
    expect(charged).toMatchObject({
      status: 'succeeded',
      amountCents: 710,
      customerId: customer.id,
      paymentMethodId: first.paymentMethodId,
      metadata: { orderId: 'o1' },
    })
    expect((await gateway.chargeSavedCard({ ...charge, idempotencyKey: key })).id).toBe(charged.id)
    // Refundable like any captured payment.
    expect((await gateway.refund(charged.id, 710, `test:${crypto.randomUUID()}`)).amountCents).toBe(710)

    const failing = await firstPayment(gateway, confirm, crypto.randomUUID(), '4000000000000341')
    const declinedKey = `order:${crypto.randomUUID()}:grocery-extra`
    const declined = await gateway.chargeSavedCard({
      ...charge,
      customerId: failing.customer.id,
      paymentMethodId: failing.first.paymentMethodId!,
      idempotencyKey: declinedKey,
    })
    expect(declined).toMatchObject({ status: 'requires_payment_method', lastDeclineCode: 'generic_decline', amountCents: 710 })
    expect(
      (
        await gateway.chargeSavedCard({
          ...charge,
          customerId: failing.customer.id,
          paymentMethodId: failing.first.paymentMethodId!,
          idempotencyKey: declinedKey,
        })
      ).id,
    ).toBe(declined.id)
    // Another customer's card is refused outright.
    await expect(
      gateway.chargeSavedCard({ ...charge, paymentMethodId: failing.first.paymentMethodId!, idempotencyKey: `test:${crypto.randomUUID()}` }),
    ).rejects.toBeInstanceOf(Error)
  })
})

test('what the Stripe SDK sends for an extra charge: automatic capture, confirmed off-session at creation on the saved card, under our key', async () => {
  const { customer, first } = await firstPayment(viaStripe, gateways[1]![2], crypto.randomUUID())
  await viaStripe.chargeSavedCard({
    amountCents: 499,
    customerId: customer.id,
    paymentMethodId: first.paymentMethodId!,
    metadata: {},
    idempotencyKey: 'order:o9:grocery-extra',
  })
  const sent = stripe.sent.at(-1)!
  expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'order:o9:grocery-extra' })
  expect(Object.fromEntries(sent.params)).toMatchObject({
    amount: '499',
    capture_method: 'automatic',
    customer: customer.id,
    payment_method: first.paymentMethodId,
    off_session: 'true',
    confirm: 'true',
  })
})

test('the embedded gateway declines a second hold on the insufficient-funds card 4000 0000 0000 9995 as it does the first', async () => {
  const buyerId = crypto.randomUUID()
  const { customer } = await firstPayment(embedded, gateways[0]![2], buyerId)
  const grocery = await embedded.createIntent({
    amountCents: 6000,
    metadata: {},
    idempotencyKey: idempotencyKeys.createGroceryIntent(buyerId, 'r1'),
    customerId: customer.id,
  })
  const result = await embedded.confirmCard(grocery.clientSecret, card('4000 0000 0000 9995'))
  expect(result.declined).toEqual({ declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' })
  expect(await embedded.retrieveIntent(grocery.id)).toMatchObject({ status: 'requires_payment_method', lastDeclineCode: 'insufficient_funds' })
})

test('what the Stripe SDK sends: the customer and setup_future_usage on the first intent, payment_method and off_session on the server confirm, each under our key', async () => {
  const buyerId = crypto.randomUUID()
  const { customer, first } = await firstPayment(viaStripe, gateways[1]![2], buyerId)
  const created = stripe.sent.find((request) => request.path === '/v1/customers' && request.idempotencyKey === idempotencyKeys.customer(buyerId))!
  expect(Object.fromEntries(created.params)).toMatchObject({ 'metadata[buyerId]': buyerId })
  const firstSent = stripe.sent.find(
    (request) => request.path === '/v1/payment_intents' && request.idempotencyKey === idempotencyKeys.createIntent(buyerId, 'r1'),
  )!
  expect(Object.fromEntries(firstSent.params)).toMatchObject({ customer: customer.id, setup_future_usage: 'off_session', capture_method: 'manual' })
  expect(stripe.paymentMethod(first.paymentMethodId!)!.customer).toBe(customer.id)

  const grocery = await viaStripe.createIntent({
    amountCents: 2500,
    metadata: {},
    idempotencyKey: idempotencyKeys.createGroceryIntent(buyerId, 'r1'),
    customerId: customer.id,
  })
  const grocerySent = stripe.sent.at(-1)!
  expect(Object.fromEntries(grocerySent.params)).toMatchObject({ customer: customer.id, capture_method: 'manual' })
  expect(grocerySent.params.has('setup_future_usage')).toBe(false)
  await viaStripe.confirmWithSavedCard(grocery.id, { paymentMethodId: first.paymentMethodId!, idempotencyKey: idempotencyKeys.confirmOnSavedCard(grocery.id) })
  const confirmSent = stripe.sent.at(-1)!
  expect(confirmSent).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${grocery.id}/confirm`, idempotencyKey: `intent:${grocery.id}:confirm` })
  expect(Object.fromEntries(confirmSent.params)).toMatchObject({ payment_method: first.paymentMethodId, off_session: 'true' })
})

describe('the embedded gateway, as Stripe, makes an intent only for a customer that exists', () => {
  test('an unknown customer is refused and nothing is kept under the key: the same key then makes the intent for the real one', async () => {
    const key = idempotencyKeys.createIntent('buyer-without-customer', 'r1')
    const create = (customerId: string) => embedded.createIntent({ amountCents: 700, metadata: {}, idempotencyKey: key, customerId, saveCard: true })
    const refusal = await create('cus_emb_nobody').catch((error) => error)
    expect(refusal).toBeInstanceOf(PaymentStateError)
    expect(refusal.message).toBe("No such customer: 'cus_emb_nobody'")
    const customer = await embedded.createCustomer({ buyerId: 'buyer-without-customer', idempotencyKey: idempotencyKeys.customer('buyer-without-customer') })
    const made = await create(customer.id)
    expect(made).toMatchObject({ status: 'requires_payment_method', customerId: customer.id })
  })
})
