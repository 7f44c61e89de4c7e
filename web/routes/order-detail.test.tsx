import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { Order } from '../../modules/orders/contract'
import { showLanguage } from '../i18n/language'
import { fakeApi } from '../testing/fake-api'
import { aBuyer } from '../testing/fixtures'
import { anOrder, anOrderItem, partlyRefunded, TWO_REFUNDS } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { OrderDetailPage } from './order-detail'

function openOrder(order: Order, user = aBuyer()) {
  fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
  renderScreen(OrderDetailPage, { path: '/orders/$id', url: `/orders/${order.id}`, user })
  return screen.findByRole('heading', { level: 1, name: /^Order #/ })
}

const pickedUp = anOrder({
  status: 'picked_up',
  paymentStatus: 'captured',
  runnerId: 'runner-9',
  runnerFirstName: 'Ravi',
  // Only the dal was found.
  items: anOrder().items.map((item) => ({ ...item, isDelivered: item.id === 'line-dal' })),
})

describe('order detail /orders/{id}', () => {
  test('each item with its unit, price per unit, (est.), note and quantity; the delivery; and a link to tracking', async () => {
    const okraAtItsPrice = anOrderItem({
      id: 'line-okra',
      name: 'Okra (Bhindi)',
      quantity: 1,
      unit: 'lb',
      price: '3.49',
      priceUnit: 'per lb',
      isEstimatedPrice: false,
    })
    const order = anOrder({ items: [anOrderItem({ comment: 'Only the oily kind' }), okraAtItsPrice] })
    await openOrder(order)
    const items = within(screen.getByRole('region', { name: '2 items (3 units)' }))
    const [dal, okra] = items.getAllByRole('listitem')
    expect(dal!.textContent).toBe('Toor Dal (4 lb)bag$7.99 per bag (est.)Note: Only the oily kindQuantity × 2')
    expect(okra!.textContent).toBe('Okra (Bhindi)lb$3.49 per lbQuantity × 1')
    expect(screen.queryByText(/^Items Not Available/)).toBeNull()
    expect(screen.getByText('Finding Runner')).toBeDefined()
    expect(screen.getByText('Ring the bell twice')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Track Order' }).getAttribute('href')).toBe(`/order/${order.id}`)
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders')
  })

  test("items the runner could not find: 'Items Not Available (n)', struck through, 'Not available at store'", async () => {
    await openOrder(pickedUp)
    expect(within(screen.getByRole('region', { name: '1 item (2 units)' })).getByText('Toor Dal (4 lb)')).toBeDefined()
    const missing = within(screen.getByRole('region', { name: 'Items Not Available (2)' }))
    const rows = missing.getAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('s')?.textContent)).toEqual(['Okra (Bhindi)', 'Curry Leaves'])
    expect(missing.getAllByText('Not available at store')).toHaveLength(2)
  })

  test("the 'Payment Reminder' gives this order's own figures and how to pay the runner", async () => {
    await openOrder(anOrder({ tip: '10.00', totalAmount: '12.00', estimatedGroceryCost: '31.50' }))
    const reminder = screen.getByRole('region', { name: 'Payment Reminder' }).textContent
    expect(reminder).toContain('Platform fee ($2.00) plus tip ($10.00) = $12.00, held on your card and charged only when a runner accepts.')
    expect(reminder).toContain('Pay your runner directly for the groceries at delivery (about $31.50). Accepted: Cash, Zelle, Venmo, or Apple Pay.')

    cleanup()
    await openOrder(pickedUp)
    expect(screen.getByRole('region', { name: 'Payment Reminder' }).textContent).toContain('Platform fee ($2.00) plus tip ($5.00) = $7.00, already paid.')
  })

  test('an order ended as nothing found: the fee and tip refunded in full, nothing to pay for groceries', async () => {
    await openOrder(
      anOrder({
        status: 'cancelled',
        cancelReason: 'nothing_found',
        paymentStatus: 'refunded',
        refundedAmount: '7.00',
        runnerId: 'runner-9',
        items: anOrder().items.map((item) => ({ ...item, state: 'not_found', isDelivered: false })),
      }),
    )
    const reminder = screen.getByRole('region', { name: 'Payment Reminder' }).textContent
    expect(reminder).toContain('Platform fee ($2.00) plus tip ($5.00) = $7.00, charged and then refunded to your card in full.')
    expect(reminder).toContain("Your runner couldn't find any of your items, so you owe nothing for groceries.")
    expect(reminder).not.toContain('Pay your runner')
  })

  test('the runner of a delivery sees what it earns them instead, as the server has it', async () => {
    await openOrder({ ...pickedUp, earnings: { amount: '7.00', status: 'expected' } }, aBuyer({ id: 'runner-9', roles: ['runner'] }))
    expect(screen.queryByRole('region', { name: 'Payment Reminder' })).toBeNull()
    expect(screen.getByRole('region', { name: 'Your Earnings' }).textContent).toContain('Platform fee ($2.00) plus tip ($5.00): $7.00 (once delivered).')
    expect(screen.getByText('Est. grocery cost (you pay at the store)', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$19.47')
  })

  test("a refunded delivery: the runner sees the ledger's net and each refund; the buyer the refunds under the reminder", async () => {
    const refunded = partlyRefunded(pickedUp, TWO_REFUNDS, { status: 'delivered', earnings: { amount: '3.50', status: 'held' } })
    await openOrder(refunded, aBuyer({ id: 'runner-9', roles: ['runner'] }))
    const earnings = screen.getByRole('region', { name: 'Your Earnings' })
    expect(earnings.textContent).toContain('Platform fee ($2.00) plus tip ($5.00), less refunds: $3.50 (held while a problem is open).')
    expect(within(earnings).getByText(/^Refunded to the buyer/).textContent).toBe('Refunded to the buyer: $3.50')
    expect(within(within(earnings).getByRole('list', { name: 'Refunds' })).getAllByRole('listitem')).toHaveLength(2)

    cleanup()
    await openOrder(refunded)
    const reminder = screen.getByRole('region', { name: 'Payment Reminder' })
    expect(reminder.textContent).toContain('$3.50 of it was refunded to your card.')
    expect(within(within(reminder).getByRole('list', { name: 'Refunds' })).getByText('bruised mangoes')).toBeDefined()
  })

  test('a cancelled order shows its runner no earnings', async () => {
    await openOrder(
      { ...pickedUp, status: 'cancelled', cancelReason: 'runner_released', earnings: { amount: '0.00', status: 'none' } },
      aBuyer({ id: 'runner-9', roles: ['runner'] }),
    )
    expect(screen.getByRole('region', { name: 'Your Earnings' }).textContent).toBe('Your Earnings$0.00 (none: the order was cancelled).')
  })

  test("an order that is not there, or not the viewer's: 'Order not found'", async () => {
    fakeApi({ 'GET /api/orders/nope': () => [404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }] })
    renderScreen(OrderDetailPage, { path: '/orders/$id', url: '/orders/nope', user: aBuyer() })
    expect(await screen.findByText('Order not found')).toBeDefined()
    expect(screen.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/orders')
  })
})

describe('cancelling from the order detail', () => {
  test('its buyer may cancel it while it waits for a runner, after the same confirmation', async () => {
    await openOrder(anOrder())
    fireEvent.click(within(screen.getByRole('region', { name: 'Cancel order' })).getByRole('button', { name: /^Cancel order #/ }))
    screen.getByRole('dialog', { name: 'Cancel this order?' })
  })

  test('not once a runner has it', async () => {
    await openOrder(pickedUp)
    expect(screen.queryByRole('region', { name: 'Cancel order' })).toBeNull()
  })
})

describe('opened from the runner dashboard', () => {
  test('a runner may accept the waiting order here, and the back link returns to the dashboard', async () => {
    const order = anOrder()
    const accepted = { ...order, status: 'runner_accepted', runnerId: 'runner-9', runnerFirstName: 'Ravi', paymentStatus: 'captured' }
    const server = fakeApi({
      [`GET /api/orders/${order.id}`]: () => [200, { order }],
      [`PATCH /api/orders/${order.id}/accept`]: () => [200, { order: accepted }],
    })
    renderScreen(OrderDetailPage, { path: '/orders/$id', url: `/orders/${order.id}?from=runner`, user: aBuyer({ id: 'runner-9', roles: ['runner'] }) })
    await screen.findByRole('heading', { level: 1, name: /^Order #/ })
    expect(screen.getByRole('link', { name: 'Runner Dashboard' }).getAttribute('href')).toBe('/runner')
    fireEvent.click(screen.getByRole('button', { name: 'Accept Order' }))
    await screen.findByText(`Screen at /delivery/${order.id}`)
    expect(server.callsTo(`PATCH /api/orders/${order.id}/accept`)).toHaveLength(1)
  })

  test('its buyer is offered no Accept, and My Orders is the way back', async () => {
    await openOrder(anOrder(), aBuyer({ roles: ['buyer', 'runner'] }))
    expect(screen.queryByRole('button', { name: 'Accept Order' })).toBeNull()
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders')
  })
})

test('opened from Earnings, the back link returns there', async () => {
  const order = anOrder({ status: 'delivered', paymentStatus: 'captured', runnerId: 'runner-9', runnerFirstName: 'Ravi' })
  fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
  renderScreen(OrderDetailPage, { path: '/orders/$id', url: `/orders/${order.id}?from=earnings`, user: aBuyer({ id: 'runner-9', roles: ['runner'] }) })
  await screen.findByRole('heading', { level: 1, name: /^Order #/ })
  expect(screen.getByRole('link', { name: 'Earnings' }).getAttribute('href')).toBe('/earnings')
})

describe('order detail in Tamil', () => {
  afterEach(async () => {
    await act(() => showLanguage('en'))
  })

  test('the heading, the item count, the payment reminder and the way to tracking are in Tamil; names and amounts stay', async () => {
    await act(() => showLanguage('ta'))
    const order = anOrder({ tip: '10.00', totalAmount: '12.00' })
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
    renderScreen(OrderDetailPage, { path: '/orders/$id', url: `/orders/${order.id}`, user: aBuyer() })
    expect(await screen.findByRole('heading', { level: 1, name: /^ஆர்டர் #/ })).toBeDefined()
    expect(screen.getByRole('region', { name: '3 பொருட்கள் (4 பீஸ்)' })).toBeDefined()
    expect(screen.getByText('ரன்னரைத் தேடுகிறோம்')).toBeDefined()
    expect(screen.getByRole('region', { name: 'பணம் செலுத்த நினைவூட்டல்' }).textContent).toContain('டிப்ஸ் ($10.00) = $12.00')
    expect(screen.getByRole('link', { name: 'ஆர்டரைப் பின்தொடர்' }).getAttribute('href')).toBe(`/order/${order.id}`)
    expect(screen.getByText('Toor Dal (4 lb)')).toBeDefined()
  })
})
