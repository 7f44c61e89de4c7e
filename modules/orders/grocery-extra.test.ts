import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { captureGroceryTotals, sweepPayments } from '../../server/jobs'
import { cardOrders } from '../../testing/card-orders'
import { testApi } from '../../testing/test-api'
import { groceries, orderPayments, type PaymentGateway, paymentErrors } from '../payments/index'
import type { Order } from './index'

// A grocery total above the card's grocery hold ($45 here): the buyer chooses to charge the
// difference to the saved card or to pay it at the door; the hold is captured in full either way,
// and every answer says what the runner collects at the door. Against the embedded gateway,
// through the API (PGlite, or PostgreSQL with TEST_DATABASE_URL).

/** The embedded gateway, able to go down for the extra charges. */
const extraCharges = { down: false }
const api = await testApi({
  wrapPayments: (inner): PaymentGateway => ({
    ...inner,
    async chargeSavedCard(input) {
      if (extraCharges.down) throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
      return inner.chargeSavedCard(input)
    },
  }),
})
const { call, clock, db, kind, completeAccount, addStore, providers } = api
const store = await addStore({ name: 'Grocery Extra Store', latitude: 40.53, longitude: -74.3973 })
const { pickedUpCardOrder, deliveredCardOrder } = cardOrders(api, store)
type Person = Awaited<ReturnType<typeof completeAccount>>

const confirm = (buyer: Person, order: Order, body?: unknown) =>
  call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, ...(body !== undefined && { body }) })
const groceryPaymentOf = async (person: Person, order: Order) =>
  ((await call('GET', `/api/orders/${order.id}`, { cookie: person.cookie })).body.order as Order).groceryPayment
/** The extra charges the embedded gateway made for this grocery hold, whatever their outcome. */
async function extraIntentsOf(groceryIntentId: string) {
  const result = await db.execute(sql`select status, amount_cents from embedded_payment_intents where metadata->>'groceryExtraOf' = ${groceryIntentId}`)
  const rows = (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as { status: string; amount_cents: unknown }[]
  return rows.map((row) => ({ status: row.status, amount_cents: Number(row.amount_cents) }))
}

describe('a grocery total above the hold: the buyer chooses how to pay the difference', () => {
  test('400 GROCERY_EXTRA_CHOICE_REQUIRED without a choice: nothing confirmed, nothing captured; the order says a choice is awaited', async () => {
    const { buyer, runner, order } = await pickedUpCardOrder('52.10')
    const before = await groceryPaymentOf(buyer, order)
    expect(before).toMatchObject({ holdCents: 4500, extraCents: 710, extraStatus: 'awaiting_choice', collectAtDoorCents: 0 })
    const refused = await confirm(buyer, order)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: 'GROCERY_EXTRA_CHOICE_REQUIRED',
      message:
        'The groceries came to $52.10, $7.10 more than the $45.00 held on your card: choose to charge the difference to your card or to pay it at the door.',
    })
    expect((await confirm(buyer, order, { extra: 'cash' })).body.code).toBe('VALIDATION_ERROR')
    const view = (await call('GET', `/api/orders/${order.id}`, { cookie: runner.cookie })).body.order as Order
    expect(view).toMatchObject({ groceryTotalConfirmedAt: null, groceryPayment: { capturedCents: 0, status: 'authorized', extraStatus: 'awaiting_choice' } })
  })

  test("'card': the hold captured in full and the difference charged once more on the saved card, with its event; nothing to collect", async () => {
    const { buyer, runner, order, paymentIntentId, groceryIntentId } = await pickedUpCardOrder('52.10')
    const confirmed = await confirm(buyer, order, { extra: 'card' })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.order).toMatchObject({
      groceryTotalConfirmedAt: clock.now().toISOString(),
      groceryPayment: {
        method: 'card',
        holdCents: 4500,
        capturedCents: 4500,
        status: 'captured',
        extraCents: 710,
        extraStatus: 'captured',
        collectAtDoorCents: 0,
      },
    })
    const hold = (await groceries.holdOf(db, groceryIntentId))!
    expect(hold).toMatchObject({ extraCents: 710, extraStatus: 'captured', extraCapturedCents: 710 })
    const charge = (await providers.payments.retrieveIntent(hold.extraIntentId!))!
    const savedCard = (await providers.payments.retrieveIntent(paymentIntentId))!
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: 710, customerId: savedCard.customerId, paymentMethodId: savedCard.paymentMethodId })
    expect((await orderPayments.paymentEventsOf(db, charge.id)).map((event) => [event.toStatus, event.reason])).toEqual([
      ['captured', 'grocery extra of $7.10: charged when the buyer confirmed the grocery total'],
    ])
    expect(await groceryPaymentOf(runner, order)).toMatchObject({ collectAtDoorCents: 0, extraStatus: 'captured' })
  })

  test('a double tap, and a third tap later, charge the card once', async () => {
    const { buyer, order, groceryIntentId } = await pickedUpCardOrder('49.99')
    const both = await Promise.all([confirm(buyer, order, { extra: 'card' }), confirm(buyer, order, { extra: 'card' })])
    expect(both.map((answer) => answer.status)).toEqual([200, 200])
    // A later tap with the other choice changes nothing: the difference's way was settled by the first.
    expect((await confirm(buyer, order, { extra: 'at_door' })).body.order).toMatchObject({
      groceryPayment: { capturedCents: 4500, extraCents: 499, extraStatus: 'captured', collectAtDoorCents: 0 },
    })
    expect(await extraIntentsOf(groceryIntentId)).toEqual([{ status: 'succeeded', amount_cents: 499 }])
    const hold = (await groceries.holdOf(db, groceryIntentId))!
    expect(await orderPayments.paymentEventsOf(db, hold.extraIntentId!)).toHaveLength(1)
  })

  test("a saved card whose later charges fail (as 0341's do) declines the extra: the difference falls back to the door", async () => {
    const { buyer, runner, order, paymentIntentId, groceryIntentId } = await pickedUpCardOrder('58.00')
    const savedCard = (await providers.payments.retrieveIntent(paymentIntentId))!.paymentMethodId!
    await db.execute(sql`update embedded_payment_methods set charge_decline_code = 'generic_decline' where id = ${savedCard}`)
    const confirmed = await confirm(buyer, order, { extra: 'card' })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.order).toMatchObject({
      groceryPayment: { capturedCents: 4500, status: 'captured', extraCents: 1300, extraStatus: 'declined', collectAtDoorCents: 1300 },
    })
    const hold = (await groceries.holdOf(db, groceryIntentId))!
    expect(hold).toMatchObject({ extraStatus: 'declined', extraCapturedCents: 0 })
    expect(await providers.payments.retrieveIntent(hold.extraIntentId!)).toMatchObject({
      status: 'requires_payment_method',
      lastDeclineCode: 'generic_decline',
    })
    expect((await orderPayments.paymentEventsOf(db, hold.extraIntentId!)).map((event) => event.reason)).toEqual([
      'grocery extra of $13.00: declined (generic_decline) when the buyer confirmed the grocery total, to be paid at the door',
    ])
    expect(await groceryPaymentOf(runner, order)).toMatchObject({ collectAtDoorCents: 1300 })
    // Tapping again does not try the card a second time.
    await confirm(buyer, order, { extra: 'card' })
    expect(await extraIntentsOf(groceryIntentId)).toHaveLength(1)
  })

  test("'at_door': the hold captured in full, nothing more charged; the runner collects the difference", async () => {
    const { buyer, runner, order, groceryIntentId } = await pickedUpCardOrder('47.25')
    const confirmed = await confirm(buyer, order, { extra: 'at_door' })
    expect(confirmed.body.order).toMatchObject({
      groceryPayment: { capturedCents: 4500, status: 'captured', extraCents: 225, extraStatus: 'at_door', collectAtDoorCents: 225 },
    })
    expect(await extraIntentsOf(groceryIntentId)).toEqual([])
    expect(await groceryPaymentOf(runner, order)).toMatchObject({ collectAtDoorCents: 225 })
  })

  test('the gateway out of reach leaves the extra owed; the sweep charges it, once', async () => {
    const { buyer, order, groceryIntentId } = await pickedUpCardOrder('50.00')
    extraCharges.down = true
    try {
      expect((await confirm(buyer, order, { extra: 'card' })).body.order).toMatchObject({
        groceryPayment: { capturedCents: 4500, extraStatus: 'pending', collectAtDoorCents: 0 },
      })
      await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    } finally {
      extraCharges.down = false
    }
    expect((await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments }))?.groceryExtras).toMatchObject({ [order.id]: 'captured' })
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ extraStatus: 'captured', extraCents: 500 })
    expect(await extraIntentsOf(groceryIntentId)).toEqual([{ status: 'succeeded', amount_cents: 500 }])
  })
})

describe('choices that are not needed, and what the runner collects otherwise', () => {
  test('a total within the hold ignores a choice: captured at the total, nothing more, nothing to collect', async () => {
    const { buyer, order, groceryIntentId } = await pickedUpCardOrder('38.20')
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ extraCents: 0, extraStatus: null, collectAtDoorCents: 0 })
    expect((await confirm(buyer, order, { extra: 'card' })).body.order).toMatchObject({
      groceryPayment: { capturedCents: 3820, extraCents: 0, extraStatus: null, collectAtDoorCents: 0 },
    })
    expect(await extraIntentsOf(groceryIntentId)).toEqual([])
  })

  test('an order paid at the door: the runner collects the whole total once it is known, a choice or none', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    expect(await groceryPaymentOf(runner, order)).toMatchObject({ method: 'at_door', collectAtDoorCents: 0 })
    const pickedUp = await call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: runner.cookie,
      body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })), actualGroceryCost: '64.30' },
    })
    expect(pickedUp.body.order).toMatchObject({ groceryPayment: { method: 'at_door', extraStatus: null, collectAtDoorCents: 6430 } })
    expect((await confirm(buyer, order, { extra: 'card' })).body.order).toMatchObject({
      groceryTotalConfirmedAt: clock.now().toISOString(),
      groceryPayment: { method: 'at_door', capturedCents: 0, collectAtDoorCents: 6430 },
    })
  })
})

const HOUR = 60 * 60_000

describe('the automatic capture of a total above the hold, GROCERY_CONFIRM_HOURS after delivery', () => {
  test('captures the hold in full and leaves the difference at the door; a late confirmation changes nothing', async () => {
    const { buyer, order, groceryIntentId } = await deliveredCardOrder('53.40')
    clock.advance(api.config.GROCERY_CONFIRM_HOURS * HOUR)
    expect(await captureGroceryTotals({ db, dbKind: kind, clock, gateway: providers.payments }, api.config.GROCERY_CONFIRM_HOURS)).toMatchObject({
      [order.id]: 'captured',
    })
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({
      capturedCents: 4500,
      status: 'captured',
      extraCents: 840,
      extraStatus: 'at_door',
      collectAtDoorCents: 840,
    })
    const late = await confirm(buyer, order, { extra: 'card' })
    expect(late.status).toBe(200)
    expect(late.body.order).toMatchObject({ groceryPayment: { extraStatus: 'at_door', collectAtDoorCents: 840 } })
    expect(await extraIntentsOf(groceryIntentId)).toEqual([])
  })
})
