import { describe, expect, test } from 'bun:test'
import { cleanup, screen, within } from '@testing-library/react'
import { fakeApi } from '../../testing/fake-api'
import { aBuyer } from '../../testing/fixtures'
import { aCardGroceryPayment, anOrder } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { MyOrdersPage } from '../my-orders'
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
