import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { orderSupport } from '../modules/orders/index'
import { groceries } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { placedCardOrder, stripeRigsOn, stripeServer } from '../testing/stripe-rig'

// A grocery hold authorized again through the real `stripe` SDK against the loopback stand-in:
// a new manual-capture intent for the buyer's Customer, confirmed off-session on the saved card,
// then the old hold cancelled; a card that now declines leaves nothing standing.
const { stripe, gateway } = stripeRigsOn((await freshTestDatabase()).db)({ perSecond: 100, standIn: { requestsPerSecond: 100 } })

describe('a grocery hold authorized again at Stripe', async () => {
  const { api, webhook } = await stripeServer(stripe, gateway, 'Stripe Hold Renewal Store')
  const store = await api.addStore({ name: 'Stripe Renewal Store', latitude: 40.52, longitude: -74.3973 })
  const deps = { db: api.db, clock: api.clock, gateway }
  const backdate = (orderId: string) =>
    api.db.execute(sql`update grocery_holds set authorized_at = authorized_at - interval '6 days' where order_id = ${orderId}`)
  const fiveDaysAgo = () => new Date(api.clock.now().getTime() - 5 * 24 * 60 * 60_000)
  const problemsOf = async (orderId: string) =>
    (await orderSupport.checkPayments(api.db, gateway, api.clock)).groceryHolds.filter((row) => row.orderId === orderId)

  test('renewed: a new hold for the same amount on the saved card, the old one cancelled; the next call finds it fresh', async () => {
    const { orderId, groceryIntentId } = await placedCardOrder(stripe, api, store)
    await backdate(orderId)
    const renewal = await groceries.renewOldHold(deps, orderId, fiveDaysAgo())
    if (renewal.outcome !== 'renewed') throw new Error(`not renewed: ${JSON.stringify(renewal)}`)
    expect(stripe.intent(renewal.paymentIntentId)).toMatchObject({ status: 'requires_capture', amount: stripe.intent(groceryIntentId)!.amount })
    expect(stripe.intent(groceryIntentId)).toMatchObject({ status: 'canceled' })
    expect((await groceries.holdsOf(api.db, [orderId])).get(orderId)).toMatchObject({ status: 'authorized' })
    // Stripe's word on the new hold finds it as the order's grocery hold.
    expect(
      (await webhook('payment_intent.amount_capturable_updated', { object: 'payment_intent', id: renewal.paymentIntentId, status: 'requires_capture' })).body,
    ).toMatchObject({
      outcome: 'grocery hold: nothing to settle',
    })
    expect(await groceries.renewOldHold(deps, orderId, fiveDaysAgo())).toEqual({ outcome: 'fresh' })
    expect(await problemsOf(orderId)).toEqual([])
  })

  test('declined: recorded as declined, the old hold still standing for the order to release, nothing new standing at Stripe', async () => {
    const { orderId, paymentIntentId, groceryIntentId } = await placedCardOrder(stripe, api, store)
    await backdate(orderId)
    stripe.declineChargesOn(stripe.intent(paymentIntentId)!.payment_method!, 'insufficient_funds')
    expect(await groceries.renewOldHold(deps, orderId, fiveDaysAgo())).toEqual({ outcome: 'declined', declineCode: 'insufficient_funds' })
    expect(stripe.intent(groceryIntentId)).toMatchObject({ status: 'requires_capture' })
    expect(await groceries.renewalDeclined(api.db, orderId)).toBe(true)
    // Asked again, the card is not tried a second time.
    expect(await groceries.renewOldHold(deps, orderId, fiveDaysAgo())).toEqual({ outcome: 'declined', declineCode: 'insufficient_funds' })
    expect(await problemsOf(orderId)).toEqual([])
  })
})
