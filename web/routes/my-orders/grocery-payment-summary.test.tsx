import { describe, expect, test } from 'bun:test'
import { cleanup, screen, within } from '@testing-library/react'
import { fakeApi } from '../../testing/fake-api'
import { aBuyer } from '../../testing/fixtures'
import { aCardGroceryPayment, anOrder, aRunner } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { ActiveDeliveryPage } from '../active-delivery'
import { MyOrdersPage } from '../my-orders'
import { OrderDetailPage } from '../order-detail'
import { OrderTrackingPage } from '../order-tracking'

// Where an order's payment is summed up, it says how the groceries are paid (issue 29).
const byCard = anOrder({
  id: '44444444-4444-4444-8444-0000000card1',
  groceryPayment: aCardGroceryPayment(),
})
const atDoor = anOrder({ id: '55555555-5555-4555-8555-0000000door1', storeName: 'Apna Bazar' })
const groceries = (scope: HTMLElement) => within(scope).getByText('Groceries', { selector: 'dt' }).nextElementSibling?.textContent

describe('the groceries in a payment summary', () => {
  test("the buyer's order cards: by card with the hold, or at the door", async () => {
    fakeApi({ 'GET /api/orders': () => [200, [byCard, atDoor]] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    expect(groceries(await screen.findByRole('article', { name: 'Order #000CARD1' }))).toBe('by card (hold $45.00)')
    expect(groceries(screen.getByRole('article', { name: 'Order #000DOOR1' }))).toBe('at the door')
  })

  test("tracking's payment card says the same", async () => {
    for (const [order, words] of [
      [byCard, 'by card (hold $45.00)'],
      [atDoor, 'at the door'],
    ] as const) {
      fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
      renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
      expect(groceries(await screen.findByRole('region', { name: 'Payment' }))).toBe(words)
      cleanup()
    }
  })
})

// A card order delivered: the $45.00 hold captured whole and $6.75 above it charged to the card,
// then a refund of each charge (issue 37).
const refunded = anOrder({
  id: '66666666-6666-4666-8666-00000refund1',
  status: 'delivered',
  runnerId: 'runner-1',
  runnerFirstName: 'Ravi',
  paymentStatus: 'partially_refunded',
  refundedAmount: '2.00',
  groceryPayment: aCardGroceryPayment({ status: 'partially_refunded', capturedCents: 4500, refundedCents: 1164, extraCents: 675, extraStatus: 'captured' }),
  refunds: [
    { id: 'refund-fee', amount: '2.00', part: 'charge', refundedAt: '2026-01-05T11:00:00.000Z', reason: 'late', reasonCode: 'support', note: 'late' },
    {
      id: 'refund-groceries',
      amount: '4.89',
      part: 'groceries',
      refundedAt: '2026-01-05T11:05:00.000Z',
      reason: 'bruised mangoes',
      reasonCode: 'support',
      note: 'bruised mangoes',
    },
    {
      id: 'refund-extra',
      amount: '6.75',
      part: 'grocery_extra',
      refundedAt: '2026-01-05T11:10:00.000Z',
      reason: 'rice never bought',
      reasonCode: 'support',
      note: 'rice never bought',
    },
  ],
  earnings: { amount: '5.00', status: 'pending' },
})
/** Each refund's line as it reads: amount, then its charge and reason. */
const refundLines = (scope: HTMLElement) =>
  within(within(scope).getByRole('list', { name: 'Refunds' }))
    .getAllByRole('listitem')
    .map((line) => [line.querySelector('.refund-line__amount')?.textContent, line.querySelector('.refund-line__what')?.textContent])
const named = [
  ['$2.00', 'Fee and tip · late'],
  ['$4.89', 'Groceries · bruised mangoes'],
  ['$6.75', 'Extra grocery charge · rice never bought'],
]

describe('what the card was charged for the groceries, and every refund named by its charge', () => {
  test("tracking's payment card: the groceries charged, every refund with its charge, and the total of them all", async () => {
    fakeApi({ [`GET /api/orders/${refunded.id}`]: () => [200, { order: refunded }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${refunded.id}`, user: aBuyer() })
    const payment = await screen.findByRole('region', { name: 'Payment' })
    expect(groceries(payment)).toBe('by card: $51.75 charged')
    expect(refundLines(payment)).toEqual(named)
    expect(within(payment).getByText(/^Refunded to your card/).textContent).toBe('Refunded to your card: $13.64')
  })

  test("the buyer's order card says the same", async () => {
    fakeApi({ 'GET /api/orders': () => [200, [refunded]] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    const card = await screen.findByRole('article', { name: 'Order #0REFUND1' })
    expect(groceries(card)).toBe('by card: $51.75 charged')
    expect(refundLines(card)).toEqual(named)
  })

  test("a refund of the groceries alone leaves the fee and tip as charged, and the runner's earnings whole", async () => {
    const groceriesOnly = {
      ...refunded,
      paymentStatus: 'captured' as const,
      refundedAmount: '0.00',
      refunds: [refunded.refunds[1]!],
      earnings: { amount: '7.00', status: 'pending' as const },
    }
    fakeApi({ [`GET /api/orders/${refunded.id}`]: () => [200, { order: groceriesOnly }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${refunded.id}`, user: aBuyer() })
    const payment = await screen.findByRole('region', { name: 'Payment' })
    expect(within(payment).getByText('$7.00 charged to your card when your runner accepted.')).toBeDefined()
    expect(refundLines(payment)).toEqual([named[1]!])
    cleanup()

    fakeApi({ [`GET /api/orders/${refunded.id}`]: () => [200, { order: { ...groceriesOnly, status: 'picked_up' } }] })
    renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${refunded.id}`, user: aRunner() })
    const earnings = await screen.findByRole('region', { name: 'Your Earnings' })
    expect(within(earnings).queryByText('Fee and tip, less refunds')).toBeNull()
    expect(refundLines(earnings)).toEqual([named[1]!])
    expect(within(earnings).getByText(/^Refunded to the buyer/).textContent).toBe('Refunded to the buyer: $4.89')
  })

  test("the runner's order detail lists every refund, named", async () => {
    fakeApi({ [`GET /api/orders/${refunded.id}`]: () => [200, { order: refunded }] })
    renderScreen(OrderDetailPage, { path: '/orders/$id', url: `/orders/${refunded.id}`, user: aRunner() })
    const earnings = await screen.findByRole('region', { name: 'Your Earnings' })
    expect(refundLines(earnings)).toEqual(named)
  })

  test.each([
    ['held', {}, 'by card (hold $45.00)'],
    ['captured within the hold', { status: 'captured', capturedCents: 1850 }, 'by card: $18.50 charged'],
    [
      'captured, the rest at the door',
      { status: 'captured', capturedCents: 4500, extraCents: 710, extraStatus: 'at_door', collectAtDoorCents: 710 },
      'by card: $45.00 charged, $7.10 at the door',
    ],
    ['declined', { status: 'capture_failed', collectAtDoorCents: 1850 }, 'by card: declined, so paid at the door'],
    ['released', { status: 'cancelled' }, 'by card: the $45.00 hold was released'],
  ] as const)('the groceries by card, %s, on My Orders', async (_state, payment, words) => {
    const order = anOrder({ id: '77777777-7777-4777-8777-0000000card2', groceryPayment: aCardGroceryPayment(payment) })
    fakeApi({ 'GET /api/orders': () => [200, [order]] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    expect(groceries(await screen.findByRole('article', { name: 'Order #000CARD2' }))).toBe(words)
  })
})
