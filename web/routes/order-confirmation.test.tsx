import { describe, expect, test } from 'bun:test'
import { screen, within } from '@testing-library/react'
import { orderQueryOptions } from '../features/orders/api/orders'
import { fakeApi } from '../testing/fake-api'
import { aBuyer } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { aCardGroceryPayment, anOrder, aScheduledOrder } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { expectValues, valueFor } from '../testing/screen-queries'
import { OrderConfirmationPage } from './order-confirmation'

const order = anOrder({ id: 'd2f1c9a0-5b7e-4c1a-9e3f-7a1b2c3d4e5f' })

describe('order confirmation /order-confirmation?orderId={id}', () => {
  test("'Order Placed Successfully!' with the number, status, store, items, slot, fee plus tip, address and what happens next", async () => {
    const api = fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
    renderScreen(OrderConfirmationPage, { path: '/order-confirmation', url: `/order-confirmation?orderId=${order.id}`, user: aBuyer() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully!' })).toBeDefined()
    expect(document.querySelector('.confirmation-hero__number')?.textContent).toBe('Order #2C3D4E5F Finding Runner')
    expectValues({
      Store: 'Patel Family Grocers',
      Items: '3 items (4 units)',
      'Delivery slot': 'ASAP',
      'Online payment': '$2.00 fee + $5.00 tip = $7.00Your card is authorized for $7.00 and charged when a runner accepts.',
      Groceries: 'At the door, by Cash, Zelle, Venmo, or Apple Pay',
      'Delivery address': '1 Main St, Edison, NJ 08817',
    })

    const next = within(screen.getByRole('region', { name: 'What happens next?' }))
    const steps = next.getAllByRole('listitem').map((step) => step.textContent)
    expect(steps[0]).toContain('A runner accepts your order within 30 minutes, and only then is your card charged $7.00.')
    expect(steps[0]).toContain('the hold on your card is released at no cost')
    expect(steps[2]).toBe('You pay your runner for the groceries at the door, by Cash, Zelle, Venmo, or Apple Pay.')

    expect(screen.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/orders')
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/buyer')
    expect(screen.getByRole('link', { name: 'Track Order' }).getAttribute('href')).toBe(`/order/${order.id}`)
    expect(api.calls).toHaveLength(1)
  })

  test("groceries 'By card in the app': the hold and what is charged, and nothing to pay at the door", async () => {
    const byCard = anOrder({ id: order.id, groceryPayment: aCardGroceryPayment() })
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order: byCard }] })
    renderScreen(OrderConfirmationPage, { path: '/order-confirmation', url: `/order-confirmation?orderId=${order.id}`, user: aBuyer() })
    await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully!' })
    expect(valueFor('Groceries')).toBe('By card in the app: up to $45.00 held')
    const steps = within(screen.getByRole('region', { name: 'What happens next?' }))
      .getAllByRole('listitem')
      .map((step) => step.textContent)
    expect(steps[0]).toContain('If no runner accepts in time, both holds on your card are released at no cost.')
    expect(steps[2]).toBe(
      'Your card is held for up to $45.00 for the groceries. Your runner sends the store receipt, and your card is charged only its total; the rest of the hold is released. Nothing to pay at the door, unless the groceries come to more than the hold and you choose to pay the difference there.',
    )
    expect(screen.queryByText(/Cash, Zelle/)).toBeNull()
  })

  test('a scheduled order names its window as the slot, and counts the 30 minutes from when runners see it', async () => {
    const saturday = aScheduledOrder({ id: order.id })
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order: saturday }] })
    // Placed on Monday: no runner sees it until Saturday morning, so it is not yet finding one.
    renderScreen(OrderConfirmationPage, {
      path: '/order-confirmation',
      url: `/order-confirmation?orderId=${order.id}`,
      user: aBuyer(),
      clock: manualClock(Date.parse(saturday.createdAt)),
    })
    await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully!' })
    expect(document.querySelector('.confirmation-hero__number')?.textContent).toBe('Order #2C3D4E5F Scheduled')
    expect(valueFor('Delivery slot')).toBe('Scheduled · Sat 10:00–12:00')
    const first = within(screen.getByRole('region', { name: 'What happens next?' })).getAllByRole('listitem')[0]!.textContent
    expect(first).toStartWith('Runners see your order shortly before your Sat 10:00–12:00 window. A runner accepts your order within 30 minutes of seeing it,')
  })

  test('an order checkout just placed shows at once, without asking the server again', async () => {
    const api = fakeApi({})
    renderScreen(OrderConfirmationPage, {
      path: '/order-confirmation',
      url: `/order-confirmation?orderId=${order.id}`,
      user: aBuyer(),
      queryData: [[orderQueryOptions(order.id).queryKey, order]],
    })
    await screen.findByRole('heading', { name: 'Order Placed Successfully!' })
    expect(api.calls).toEqual([])
  })

  test.each([
    ['the order cannot be loaded', `/order-confirmation?orderId=${order.id}`],
    ['no order is named', '/order-confirmation'],
  ])("%s: 'Unable to load order details' with 'View All Orders'", async (_case, url) => {
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }] })
    renderScreen(OrderConfirmationPage, { path: '/order-confirmation', url, user: aBuyer() })
    expect(await screen.findByText('Unable to load order details')).toBeDefined()
    expect(screen.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/orders')
    expect(screen.queryByText('Order Placed Successfully!')).toBeNull()
  })
})
