import { afterEach, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { captureGroceryTotals } from '../../server/jobs'
import { cardOrders } from '../../testing/card-orders'
import { payoutTotalsAstray } from '../../testing/payout-totals'
import { testApi } from '../../testing/test-api'
import { findOrder, type Order, orderSupport } from '../orders/index'
import { orderPayments } from '../payments/index'
import { problemDesk } from '../trust/index'
import type { PayoutLine, PayoutsResponse } from './contract'
import { payoutDesk } from './index'

// The groceries of an order paid by card, paid back to the runner: their groceries line, written
// with the grocery capture, held only by a dispute of the total, paid by the payout run; refunds
// of the grocery charge borne by the platform or, --from-runner, by that line; and `orders check`
// holding the three (the card, the line, the gateway) together. Against the embedded gateway,
// through the API (PGlite, or PostgreSQL with TEST_DATABASE_URL, where the race runs too).

const api = await testApi()
const { call, clock, db, kind, completeAccount, addStore, providers, runnerWithPayouts } = api
const gateway = providers.payments
const store = await addStore({ name: 'Groceries Line Store', latitude: 40.53, longitude: -74.3973 })

// Whatever a test wrote to the ledger, each runner's kept totals still add up to their lines.
afterEach(async () => expect(await payoutTotalsAstray(db)).toEqual([]))
const { pickedUpCardOrder, deliver, confirm, capturedCardOrder } = cardOrders(api, store)
type Person = Awaited<ReturnType<typeof completeAccount>>
const HOUR = 60 * 60_000

const linesOf = async (runner: Person, orderId: string) =>
  ((await call('GET', '/api/runner/payouts', { cookie: runner.cookie })).body as unknown as PayoutsResponse).earnings.filter((line) => line.orderId === orderId)
const lineOf = async (runner: Person, orderId: string, lineKind: PayoutLine['kind']) => (await linesOf(runner, orderId)).find((line) => line.kind === lineKind)
const groceryPaymentOf = async (buyer: Person, order: Order) =>
  ((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order as Order).groceryPayment
const run = () => payoutDesk.runPayouts(db, gateway, clock)
const check = () => orderSupport.checkPayments(db, gateway, clock)
/** `orders check` says nothing of this order. */
async function expectAgreeing(orderId: string) {
  const found = await check()
  expect(found.disagreeing.filter((entry) => entry.id === orderId)).toEqual([])
  expect(found.groceryHolds.filter((entry) => entry.orderId === orderId)).toEqual([])
  expect(found.moneyOut.filter((entry) => entry.orderId === orderId)).toEqual([])
}
const refundGroceries = async (orderId: string, amountCents: number | 'rest', options: { fromRunner?: boolean; key?: string } = {}) =>
  orderSupport.refundOrder(db, gateway, clock, (await findOrder(db, orderId))!, {
    amountCents,
    key: options.key ?? `test:${orderId}:${crypto.randomUUID()}`,
    reason: 'the mangoes were bruised',
    part: 'groceries',
    fromRunner: options.fromRunner,
  })
const report = async (buyer: Person, order: Order, problemKind: string) => {
  const reported = await call('POST', `/api/orders/${order.id}/problems`, {
    cookie: buyer.cookie,
    body: { kind: problemKind, details: 'Not what the receipt says' },
  })
  expect(reported.status).toBe(201)
  return (reported.body.problem as { id: string }).id
}

describe("the runner's groceries line", () => {
  test("written with the buyer's confirmed capture: all of it, available at once, no platform share; the delivery line waits its 24 hours", async () => {
    const { buyer, runner, order } = await pickedUpCardOrder('38.20')
    await confirm(buyer, order)
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 3820, status: 'available', availableAt: clock.now().toISOString() })
    await deliver(runner, order)
    expect(await lineOf(runner, order.id, 'delivery')).toMatchObject({ amountCents: 700, status: 'pending' })
    // Groceries paid back are not earnings.
    expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body.allTime).toMatchObject({ earnings: '7.00' })
    await expectAgreeing(order.id)
  })

  test('a total above the hold: the extra charged on the card joins the line, written once both charges settled; paid at the door, it does not', async () => {
    const confirmAbove = async (buyer: Person, order: Order, extra: 'card' | 'at_door') =>
      expect((await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, body: { extra } })).status).toBe(200)
    const byCard = await pickedUpCardOrder('52.10')
    await confirmAbove(byCard.buyer, byCard.order, 'card')
    expect(await groceryPaymentOf(byCard.buyer, byCard.order)).toMatchObject({ capturedCents: 4500, extraCents: 710, extraStatus: 'captured' })
    expect(await lineOf(byCard.runner, byCard.order.id, 'groceries')).toMatchObject({ amountCents: 5210, status: 'available' })
    await run()
    expect(await lineOf(byCard.runner, byCard.order.id, 'groceries')).toMatchObject({ amountCents: 5210, status: 'paid' })
    await expectAgreeing(byCard.order.id)

    const atDoor = await pickedUpCardOrder('52.10')
    await confirmAbove(atDoor.buyer, atDoor.order, 'at_door')
    expect(await groceryPaymentOf(atDoor.buyer, atDoor.order)).toMatchObject({ capturedCents: 4500, collectAtDoorCents: 710 })
    expect(await lineOf(atDoor.runner, atDoor.order.id, 'groceries')).toMatchObject({ amountCents: 4500 })
    await expectAgreeing(atDoor.order.id)
  })

  test("written with the automatic capture at the runner's total", async () => {
    const { runner, order } = await pickedUpCardOrder('41.15')
    await deliver(runner, order)
    expect(await lineOf(runner, order.id, 'groceries')).toBeUndefined()
    clock.advance(api.config.GROCERY_CONFIRM_HOURS * HOUR)
    expect(await captureGroceryTotals({ db, dbKind: kind, clock, gateway }, api.config.GROCERY_CONFIRM_HOURS)).toMatchObject({ [order.id]: 'captured' })
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 4115, status: 'available' })
    await expectAgreeing(order.id)
  })

  test('held while a grocery_total problem is open, not by a problem of another kind; resolved, the run pays it', async () => {
    const { buyer, runner, order } = await pickedUpCardOrder('40.00')
    await deliver(runner, order)
    const disputed = await report(buyer, order, 'grocery_total')
    // Captured while the dispute is open: written held.
    await confirm(buyer, order)
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 4000, status: 'held' })
    await run()
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'held' })
    const other = await report(buyer, order, 'missing_items')
    await problemDesk.resolveProblem(db, gateway, clock, disputed, { note: 'The receipt is right' })
    // The other problem still holds the delivery line, not the groceries.
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'available' })
    expect(await lineOf(runner, order.id, 'delivery')).toMatchObject({ status: 'held' })
    await run()
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'paid' })
    await problemDesk.resolveProblem(db, gateway, clock, other, { note: 'Found in the bag' })
    expect(await lineOf(runner, order.id, 'delivery')).toMatchObject({ status: 'pending' })
    await expectAgreeing(order.id)
  })

  test('a problem of another kind reported after the capture leaves the groceries line available', async () => {
    const { buyer, runner, order } = await capturedCardOrder('25.00')
    await report(buyer, order, 'damaged')
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'available' })
    expect(await lineOf(runner, order.id, 'delivery')).toMatchObject({ status: 'held' })
  })

  test('the payout run transfers it on its own, under its own key; the delivery line follows after its window', async () => {
    const { runner, order } = await capturedCardOrder('38.20')
    await run()
    const groceries = (await lineOf(runner, order.id, 'groceries'))!
    expect(groceries).toMatchObject({ status: 'paid', amountCents: 3820 })
    expect((await gateway.transfersOf(`order:${order.id}`)).map((transfer) => [transfer.metadata.lineId, transfer.amountCents])).toEqual([[groceries.id, 3820]])
    clock.advance(24 * HOUR)
    await run()
    const delivery = (await lineOf(runner, order.id, 'delivery'))!
    expect(delivery.status).toBe('paid')
    const transfers = await gateway.transfersOf(`order:${order.id}`)
    expect(new Set(transfers.map((transfer) => transfer.metadata.lineId))).toEqual(new Set([groceries.id, delivery.id]))
    expect(transfers.find((transfer) => transfer.metadata.lineId === delivery.id)?.amountCents).toBe(700)
    await expectAgreeing(order.id)
  })
})

describe('refunds of the grocery charge', () => {
  test('borne by the platform: the buyer gets it back, the runner keeps their line, with its payment event', async () => {
    const { buyer, runner, order, groceryIntentId } = await capturedCardOrder('38.20')
    const outcome = await refundGroceries(order.id, 500)
    expect(outcome).toMatchObject({ amountCents: 500, refundedCents: 500, capturedCents: 3820, replayed: false })
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ capturedCents: 3820, refundedCents: 500, status: 'partially_refunded' })
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 3820 })
    const events = await orderPayments.paymentEventsOf(db, groceryIntentId)
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'captured',
      toStatus: 'partially_refunded',
      reason: 'groceries refunded $5.00: the mangoes were bruised',
    })
    await run()
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'paid', amountCents: 3820, reversedCents: 0 })
    await expectAgreeing(order.id)
  })

  test('from the runner before the transfer: the line is lowered, and the run pays what is left', async () => {
    const { runner, order } = await capturedCardOrder('38.20')
    await refundGroceries(order.id, 500, { fromRunner: true })
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 3320, status: 'available' })
    await expectAgreeing(order.id)
    await run()
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'paid', amountCents: 3320 })
    await expectAgreeing(order.id)
  })

  test('from the runner after the transfer: that much of it is reversed', async () => {
    const { runner, order } = await capturedCardOrder('38.20')
    await run()
    await refundGroceries(order.id, 720, { fromRunner: true })
    const line = (await lineOf(runner, order.id, 'groceries'))!
    expect(line).toMatchObject({ status: 'paid', amountCents: 3820, reversedCents: 720 })
    const [transfer] = await gateway.transfersOf(`order:${order.id}`)
    expect(transfer).toMatchObject({ amountCents: 3820, reversedCents: 720 })
    await expectAgreeing(order.id)
  })

  test('borne by the platform after the transfer: nothing is reversed', async () => {
    const { runner, order } = await capturedCardOrder('38.20')
    await run()
    await refundGroceries(order.id, 'rest')
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'paid', reversedCents: 0 })
    expect((await gateway.transfersOf(`order:${order.id}`))[0]).toMatchObject({ reversedCents: 0 })
    await expectAgreeing(order.id)
  })

  test('never more than was captured less what came back: refused with what is left; all gives back the rest', async () => {
    const { buyer, order } = await capturedCardOrder('38.20')
    const tooMuch = refundGroceries(order.id, 3821)
    await expect(tooMuch).rejects.toMatchObject({
      status: 409,
      code: 'REFUND_EXCEEDS_CHARGE',
      message: "Only $38.20 of this order's grocery charge is left to refund.",
    })
    await refundGroceries(order.id, 1000)
    await expect(refundGroceries(order.id, 2821)).rejects.toMatchObject({ message: "Only $28.20 of this order's grocery charge is left to refund." })
    expect(await refundGroceries(order.id, 'rest')).toMatchObject({ amountCents: 2820, refundedCents: 3820 })
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ refundedCents: 3820, status: 'refunded' })
    // The fee and tip's charge is untouched.
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order).toMatchObject({ paymentStatus: 'captured' })
    await expectAgreeing(order.id)
  })

  test('refused for an order whose groceries are paid at the door, or not captured yet', async () => {
    const atDoor = await api.deliveredOrder(store, { actualGroceryCost: '20.00' })
    const refusal = {
      status: 409,
      code: 'NO_GROCERY_CHARGE',
      message: "This order's groceries were not charged to the card (paid at the door, or their hold not captured), so there is nothing of them to refund.",
    }
    await expect(refundGroceries(atDoor.order.id, 100)).rejects.toMatchObject(refusal)
    const { order } = await pickedUpCardOrder('30.00')
    await expect(refundGroceries(order.id, 100, { fromRunner: true })).rejects.toMatchObject(refusal)
  })

  test("the charge above the hold, refunded: borne by the platform (the runner's line stays whole), never from the runner, never past it", async () => {
    const { buyer, runner, order } = await pickedUpCardOrder('52.10')
    expect((await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, body: { extra: 'card' } })).status).toBe(200)
    const refundExtra = async (amountCents: number | 'rest', fromRunner?: boolean) =>
      orderSupport.refundOrder(db, gateway, clock, (await findOrder(db, order.id))!, {
        amountCents,
        key: `test:${order.id}:${crypto.randomUUID()}`,
        reason: 'charged for rice never bought',
        part: 'grocery_extra',
        fromRunner,
      })
    await expect(refundExtra(100, true)).rejects.toMatchObject({ status: 400, code: 'REFUND_NOT_FROM_RUNNER' })
    await expect(refundExtra(711)).rejects.toMatchObject({ status: 409, code: 'REFUND_EXCEEDS_CHARGE', extra: { refundableAmount: '7.10' } })
    expect(await refundExtra('rest')).toMatchObject({ amountCents: 710, refundedCents: 710, capturedCents: 710 })
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ capturedCents: 4500, refundedCents: 710 })
    // The runner is paid back what the card was charged, and keeps it.
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 5210, status: 'available' })
    await expectAgreeing(order.id)
    const { order: withoutExtra } = await capturedCardOrder('20.00')
    await expect(
      orderSupport.refundOrder(db, gateway, clock, (await findOrder(db, withoutExtra.id))!, {
        amountCents: 100,
        key: `test:${withoutExtra.id}`,
        reason: 'x',
        part: 'grocery_extra',
      }),
    ).rejects.toMatchObject({ status: 409, code: 'NO_GROCERY_EXTRA_CHARGE' })
  })

  test('the same key is the same refund, once', async () => {
    const { runner, order } = await capturedCardOrder('38.20')
    const key = `test:${order.id}:once`
    await refundGroceries(order.id, 400, { fromRunner: true, key })
    expect(await refundGroceries(order.id, 400, { fromRunner: true, key })).toMatchObject({ replayed: true, refundedCents: 400 })
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 3420 })
  })

  test("a problem resolved with groceries:<dollars> from the runner lowers their line under the problem's key", async () => {
    const { buyer, runner, order } = await capturedCardOrder('38.20')
    const problem = await report(buyer, order, 'grocery_total')
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ status: 'held' })
    const resolved = await problemDesk.resolveProblem(db, gateway, clock, problem, {
      note: 'Charged twice for rice',
      refund: { groceryCents: 1899 },
      fromRunner: true,
    })
    expect(resolved.refund).toMatchObject({ amountCents: 1899 })
    expect(resolved.problem.refund).toEqual({ amount: '18.99' })
    expect(await lineOf(runner, order.id, 'groceries')).toMatchObject({ amountCents: 1921, status: 'available' })
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ refundedCents: 1899 })
    await expectAgreeing(order.id)
  })
})

describe('orders check of the groceries', () => {
  test('catches a groceries line that disagrees with its charge, and a grocery hold that disagrees with the gateway', async () => {
    const { order } = await capturedCardOrder('38.20')
    await expectAgreeing(order.id)
    await db.execute(sql`update payout_lines set amount_cents = 3000 where order_id = ${order.id} and kind = 'groceries'`)
    expect((await check()).moneyOut.filter((entry) => entry.orderId === order.id)).toEqual([
      {
        orderId: order.id,
        lineId: expect.any(String),
        problems: ['the groceries line is $30.00 and the platform bore $0.00 of the refunds, but $38.20 of the grocery charge is left after refunds'],
      },
    ])
    await db.execute(sql`update payout_lines set amount_cents = 3820 where order_id = ${order.id} and kind = 'groceries'`)
    await db.execute(sql`update grocery_holds set captured_cents = 3900 where order_id = ${order.id}`)
    const found = await check()
    expect(found.groceryHolds.filter((entry) => entry.orderId === order.id)).toEqual([
      {
        orderId: order.id,
        paymentIntentId: expect.any(String),
        groceryStatus: 'captured',
        gatewayStatus: 'succeeded',
        problems: ['$39.00 captured here, $38.20 at the gateway'],
      },
    ])
    expect(found.moneyOut.find((entry) => entry.orderId === order.id)?.problems[0]).toBe('the groceries line says $38.20 was charged, payments $39.00')
    await db.execute(sql`update grocery_holds set captured_cents = 3820 where order_id = ${order.id}`)
    await expectAgreeing(order.id)
  })

  test('catches a grocery charge with no groceries line', async () => {
    const { order } = await capturedCardOrder('12.00')
    await db.execute(sql`delete from payout_lines where order_id = ${order.id} and kind = 'groceries'`)
    expect((await check()).moneyOut.filter((entry) => entry.orderId === order.id)).toEqual([
      { orderId: order.id, lineId: null, problems: ['groceries charged $12.00, but no groceries line'] },
    ])
  })
})

describe.skipIf(kind !== 'postgres')('groceries on PostgreSQL', () => {
  test('refunds from the runner racing the transfers of their lines end with the ledger, the card and the gateway agreeing', async () => {
    const runner = await runnerWithPayouts()
    const orders: Order[] = []
    for (let index = 0; index < 8; index++) orders.push((await capturedCardOrder('30.00', runner)).order)
    await Promise.all([run(), ...orders.map((order) => refundGroceries(order.id, 250, { fromRunner: true }))])
    await run()
    for (const order of orders) {
      // Only the groceries line is due: the delivery line waits its 24 hours.
      const transfers = await gateway.transfersOf(`order:${order.id}`)
      expect(transfers).toHaveLength(1)
      expect(transfers[0]!.amountCents - transfers[0]!.reversedCents).toBe(2750)
      // Transferred: paid to the bank with the day's payout, or on its way (sent by the second run, after the day's payout).
      expect(['paid', 'in_transit']).toContain((await lineOf(runner, order.id, 'groceries'))!.status)
      await expectAgreeing(order.id)
    }
  }, 120_000)
})
