import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { orderWithPayment } from '../../testing/order-with-payment'
import { testApi } from '../../testing/test-api'
import { orderPayments, paymentErrors } from '../payments/index'
import { ORDER_MOVES, ORDER_STATUSES, ORDER_TRANSITIONS } from './contract'
import { captureClaim, findOrder, orderMoves, orderSupport } from './index'

// The order's verbs, each one conditional update of the one table: from the right state it moves
// and says so (outbox event, payment event); from any other it changes nothing and answers null.
const api = await testApi()
const { db, clock, completeAccount, addStore, placeOrder, providers } = api
const capture = (orderId: string) => captureClaim(db, providers.payments, clock, orderId, 'when a runner accepted')
const store = await addStore({ name: 'Transitions Test Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000
/** The default payout terms: the runner earns the whole fee and tip, paid out a day after delivery. */
const TERMS = { platformShareBps: 0, holdHours: 24 }

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows)
const outboxOf = async (orderId: string) =>
  rowsOf(await db.execute(sql`select type from order_events where order_id = ${orderId} order by id`)).map((row) => row.type)

async function waitingOrder() {
  const buyer = await completeAccount()
  const order = await placeOrder(buyer.cookie, store)
  const runner = await completeAccount({ roles: ['runner'] })
  return { order, buyerId: buyer.user.id, runnerId: runner.user.id }
}

async function paidClaim() {
  const waiting = await waitingOrder()
  await orderMoves.claim(db, clock, waiting.order.id, waiting.runnerId)
  await capture(waiting.order.id)
  return waiting
}

describe('the one table', () => {
  test('where an order may go next is derived from the named moves, and the ends go nowhere', () => {
    expect(ORDER_TRANSITIONS.pending_runner_acceptance).toEqual(['runner_accepted', 'cancelled'])
    expect(ORDER_TRANSITIONS.runner_accepted).toEqual(['pending_runner_acceptance', 'cancelled', 'picked_up'])
    expect(ORDER_TRANSITIONS.picked_up).toEqual(['delivered'])
    expect(ORDER_TRANSITIONS.delivered).toEqual([])
    expect(ORDER_TRANSITIONS.cancelled).toEqual([])
    for (const move of Object.values(ORDER_MOVES)) expect(ORDER_STATUSES).toContain(move.to)
  })
})

describe('claim and unclaim', () => {
  test('one claim wins; a second finds nothing to move', async () => {
    const { order, runnerId } = await waitingOrder()
    const other = await completeAccount({ roles: ['runner'] })
    expect(await orderMoves.claim(db, clock, order.id, runnerId)).toMatchObject({ status: 'runner_accepted', runnerId })
    expect(await orderWithPayment(db, order.id)).toMatchObject({ paymentStatus: 'authorized' })
    expect(await orderMoves.claim(db, clock, order.id, other.user.id)).toBeNull()
    expect((await findOrder(db, order.id))!.runnerId).toBe(runnerId)
  })

  test('a hold past its 30 minutes cannot be claimed', async () => {
    const { order, runnerId } = await waitingOrder()
    clock.advance(30 * MINUTE)
    expect(await orderMoves.claim(db, clock, order.id, runnerId)).toBeNull()
    expect((await findOrder(db, order.id))!.status).toBe('pending_runner_acceptance')
  })

  test('unclaim gives back only that runner’s unpaid claim, and the order waits again', async () => {
    const { order, runnerId } = await waitingOrder()
    const other = await completeAccount({ roles: ['runner'] })
    await orderMoves.claim(db, clock, order.id, runnerId)
    expect(await orderMoves.unclaim(db, clock, order.id, other.user.id)).toBeNull()
    expect(await orderMoves.unclaim(db, clock, order.id, runnerId)).toMatchObject({ status: 'pending_runner_acceptance', runnerId: null, acceptedAt: null })
    const paid = await paidClaim()
    // A paid claim's payment is not where unclaim starts: the whole move is undone, the order untouched.
    expect(await orderMoves.unclaim(db, clock, paid.order.id, paid.runnerId)).toBeNull()
    expect(await orderWithPayment(db, paid.order.id)).toMatchObject({ status: 'runner_accepted', runnerId: paid.runnerId, paymentStatus: 'captured' })
  })
})

describe('the payment moves with its order', () => {
  test('a capture settles a claim as paid once, with its payment event and the accepted notice', async () => {
    const { order, runnerId } = await waitingOrder()
    await orderMoves.claim(db, clock, order.id, runnerId)
    expect(await capture(order.id)).toEqual({ outcome: 'captured', settled: true })
    expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
    // Again, by the order's key: the gateway replays its answer and nothing moves twice.
    expect(await capture(order.id)).toEqual({ outcome: 'captured', settled: false })
    const row = (await findOrder(db, order.id))!
    const events = await orderPayments.paymentEventsOf(db, row.paymentIntentId)
    expect(events.filter((event) => event.toStatus === 'captured')).toHaveLength(1)
    expect(await outboxOf(order.id)).toEqual(['placed', 'accepted'])
  })

  test('support’s cancel ends a waiting order with its reason and payment event; never a paid one', async () => {
    const { order } = await waitingOrder()
    const cancelled = await orderSupport.cancelWaitingOrder(db, providers.payments, clock, (await findOrder(db, order.id))!, 'support')
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'support' })
    expect(await orderWithPayment(db, order.id)).toMatchObject({ paymentStatus: 'cancelled' })
    expect(await outboxOf(order.id)).toEqual(['placed', 'cancelled'])
    const paid = await paidClaim()
    await expect(orderSupport.cancelWaitingOrder(db, providers.payments, clock, (await findOrder(db, paid.order.id))!, 'support')).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
    })
    expect(await orderWithPayment(db, paid.order.id)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
  })

  test('a claim whose capture the bank declines ends as capture_failed, its runner unnamed', async () => {
    const { order, runnerId } = await waitingOrder()
    await orderMoves.claim(db, clock, order.id, runnerId)
    const gateway = {
      ...providers.payments,
      capture: () => Promise.reject(new paymentErrors.PaymentDeclinedError('insufficient_funds', 'Your card has insufficient funds.')),
    }
    expect(await captureClaim(db, gateway, clock, order.id, 'when a runner accepted')).toEqual({ outcome: 'declined', declineCode: 'insufficient_funds' })
    expect(await orderWithPayment(db, order.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'capture_failed',
      runnerId: null,
      paymentStatus: 'capture_failed',
    })
  })
})

describe('reportPickup and reportDelivered', () => {
  test('only the assigned runner, only a paid order, each step from its own state', async () => {
    const { order, runnerId } = await waitingOrder()
    const itemsWere = (await findOrder(db, order.id))!.items
    const found = { items: itemsWere.map((item) => ({ ...item, isDelivered: true })), itemsWere, actualGroceryCents: 1234 }
    await orderMoves.claim(db, clock, order.id, runnerId)
    expect(await orderMoves.reportPickup(db, clock, order.id, runnerId, found)).toBeNull()
    await capture(order.id)
    const stranger = await completeAccount({ roles: ['runner'] })
    expect(await orderMoves.reportPickup(db, clock, order.id, stranger.user.id, found)).toBeNull()
    expect(await orderMoves.reportDelivered(db, clock, order.id, runnerId, TERMS)).toBeNull()
    expect(await orderMoves.reportPickup(db, clock, order.id, runnerId, found)).toMatchObject({ status: 'picked_up', actualGroceryCents: 1234 })
    expect(await orderMoves.reportPickup(db, clock, order.id, runnerId, found)).toBeNull()
    expect(await orderMoves.reportDelivered(db, clock, order.id, stranger.user.id, TERMS)).toBeNull()
    expect(await orderMoves.reportDelivered(db, clock, order.id, runnerId, TERMS)).toMatchObject({ status: 'delivered' })
    expect(await outboxOf(order.id)).toEqual(['placed', 'accepted', 'picked_up', 'delivered'])
  })
})

describe('markItem and decideSubstitution', () => {
  const replacement = (status: 'proposed' | 'approved') => ({
    name: 'Sona Masoori Rice',
    priceCents: 1699,
    note: '',
    status,
    proposedAt: clock.now().toISOString(),
  })

  test('the runner changes one line while shopping, only as it was read; the buyer answers a proposal; each is announced', async () => {
    const { order, buyerId, runnerId } = await paidClaim()
    const items = (await findOrder(db, order.id))!.items
    const was = items[1]!
    const proposed = { ...was, state: 'substituted' as const, substitution: replacement('proposed') }
    expect(await orderMoves.markItem(db, clock, buyerId, { orderId: order.id, index: 1, was, next: proposed })).toBeNull()
    const marked = await orderMoves.markItem(db, clock, runnerId, { orderId: order.id, index: 1, was, next: proposed })
    expect(marked!.items).toEqual([items[0]!, proposed])
    // The line moved on: a write from the line as first read changes nothing.
    expect(await orderMoves.markItem(db, clock, runnerId, { orderId: order.id, index: 1, was, next: { ...was, state: 'found' } })).toBeNull()
    // Another line changes alongside, rewriting only its own.
    const found = await orderMoves.markItem(db, clock, runnerId, { orderId: order.id, index: 0, was: items[0]!, next: { ...items[0]!, state: 'found' } })
    expect(found!.items).toEqual([{ ...items[0]!, state: 'found' }, proposed])

    const approved = { ...proposed, substitution: { ...proposed.substitution, status: 'approved' as const } }
    expect(await orderMoves.decideSubstitution(db, clock, runnerId, { orderId: order.id, index: 1, was: proposed, next: approved })).toBeNull()
    expect((await orderMoves.decideSubstitution(db, clock, buyerId, { orderId: order.id, index: 1, was: proposed, next: approved }))!.items[1]).toEqual(
      approved,
    )
    expect(await orderMoves.decideSubstitution(db, clock, buyerId, { orderId: order.id, index: 1, was: proposed, next: approved })).toBeNull()
    // The events to tell of: the proposal that waits for the buyer, and the buyer's answer (once); the runner's other marks are not.
    expect(await outboxOf(order.id)).toEqual(['placed', 'accepted', 'substitution_proposed', 'substitution_decided'])
  })

  test('no line changes before the accept or after the pick-up, and a pick-up from lines that moved changes nothing', async () => {
    const { order, runnerId } = await waitingOrder()
    const items = (await findOrder(db, order.id))!.items
    const mark = { orderId: order.id, index: 0, was: items[0]!, next: { ...items[0]!, state: 'not_found' as const } }
    expect(await orderMoves.markItem(db, clock, runnerId, mark)).toBeNull()
    await orderMoves.claim(db, clock, order.id, runnerId)
    await capture(order.id)
    const settled = items.map((item) => ({ ...item, isDelivered: true }))
    await orderMoves.markItem(db, clock, runnerId, mark)
    expect(await orderMoves.reportPickup(db, clock, order.id, runnerId, { items: settled, itemsWere: items, actualGroceryCents: null })).toBeNull()
    const now = (await findOrder(db, order.id))!.items
    expect(await orderMoves.reportPickup(db, clock, order.id, runnerId, { items: settled, itemsWere: now, actualGroceryCents: null })).not.toBeNull()
    expect(await orderMoves.markItem(db, clock, runnerId, { ...mark, was: settled[0]!, next: { ...settled[0]!, state: 'found' } })).toBeNull()
  })
})

describe("the order's payment, kept by payments", () => {
  test('orders check names an order whose state and payment cannot go together, even when the gateway agrees', async () => {
    const { order } = await waitingOrder()
    const { paymentIntentId } = (await findOrder(db, order.id))!
    // The moves above settle payments without the gateway, so only this order is looked at.
    const check = async () => (await orderSupport.checkPayments(db, api.providers.payments, clock)).disagreeing.filter((row) => row.id === order.id)
    expect(await check()).toEqual([])
    // Written behind the verbs' back, as no code path can: the gateway still agrees with the payment, the order does not.
    await db.execute(sql`update orders set status = 'delivered' where id = ${order.id}`)
    expect(await check()).toEqual([
      expect.objectContaining({ status: 'delivered', paymentStatus: 'authorized', gatewayStatus: 'requires_capture', paymentIntentId }),
    ])
    await db.execute(sql`update orders set status = 'pending_runner_acceptance' where id = ${order.id}`)
    expect(await check()).toEqual([])
  })
})
