import { describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Order } from '../../modules/orders/contract'
import { EARLY_DELIVERY_WARNING_MINUTES } from '../../modules/shared/contract'
import { showLanguage } from '../i18n/language'
import { deliveryServer, line, openDelivery, openShopping, order, orderPath, pickUp, tick } from '../testing/delivery-screen'
import { fakeApi } from '../testing/fake-api'
import { followsOrderStreams } from '../testing/fake-event-source'
import { manualClock } from '../testing/manual-clock'
import { aMessage, anAcceptedOrder, aRunner, partlyRefunded, SATURDAY_WINDOW } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { toasts } from '../testing/screen-queries'
import { ActiveDeliveryPage } from './active-delivery'

const events = followsOrderStreams()

describe('active delivery /delivery/{id}', () => {
  test('shows the store, the customer with a tap-to-call number, the list with TBD for counter prices, and the earnings', async () => {
    deliveryServer()
    await openShopping()
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/runner')
    expect(screen.getByText('Order #1234ABCD')).toBeDefined()

    const store = within(screen.getByRole('region', { name: 'Store' }))
    expect(store.getByText('Patel Family Grocers')).toBeDefined()
    expect(store.getByText('1710 Oak Tree Rd, Edison, NJ 08820')).toBeDefined()

    const customer = within(screen.getByRole('region', { name: 'Customer' }))
    expect(customer.getByText('Asha Patel')).toBeDefined()
    expect(customer.getByText('1 Main St, Edison, NJ 08817')).toBeDefined()
    expect(customer.getByRole('link', { name: 'Call Asha Patel, (732) 555-0101' }).getAttribute('href')).toBe('tel:+17325550101')
    expect(customer.getByText('Ring the bell twice')).toBeDefined()

    expect(line('Toor Dal (4 lb)').textContent).toContain('2 × bag · $7.99 per bag (est.)')
    expect(line('Okra (Bhindi)').textContent).toContain('Note: Tender ones, please')
    expect(line('Curry Leaves').textContent).toContain('1 × bunch · TBD')

    const earnings = within(screen.getByRole('region', { name: 'Your Earnings' }))
    const sum = (term: string) => earnings.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect([sum('Platform fee ($2.00) plus tip'), sum('Platform fee'), sum('Tip')]).toEqual(['$7.00once delivered', '$2.00', '$5.00'])
    expect(sum('Est. grocery cost (you pay at the store)')).toBe('$19.47')
    expect(earnings.getByText('Grocery cost:').parentElement?.textContent).toBe('Grocery cost: Customer pays you directly')
    expect(earnings.getByText('The customer pays you for the groceries at the door, by Cash, Zelle, Venmo, or Apple Pay.')).toBeDefined()
  })

  test('in Tamil: the status, the shopping list, the earnings and the pick-up button are in Tamil; names and amounts stay', async () => {
    deliveryServer()
    await showLanguage('ta')
    try {
      renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${order.id}`, user: aRunner() })
      await screen.findByRole('heading', { level: 1, name: 'நடப்பு டெலிவரி' })
      await screen.findByText('வாங்கும் நேரம்')
      expect(screen.getByRole('heading', { name: 'பொருட்கள் பட்டியல்' })).toBeDefined()
      expect(screen.getByRole('button', { name: 'எடுத்துவிட்டேன்' })).toBeDefined()
      const earnings = within(screen.getByRole('region', { name: 'உங்கள் வருமானம்' }))
      expect(earnings.getByText('டிப்ஸ்', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$5.00')
      expect(line('Curry Leaves').textContent).toContain('1 × bunch · பின்னர் தெரியும்')
    } finally {
      await showLanguage('en')
    }
  })

  test("a refund while shopping reaches the earnings at once: the server's lower figure and the refund's line", async () => {
    deliveryServer()
    await openShopping()
    const stream = events.latest()!
    stream.open()
    stream.push(
      'order',
      partlyRefunded(
        order,
        [
          {
            id: 'refund-1',
            amount: '5.00',
            part: 'charge',
            refundedAt: '2026-01-05T10:20:00.000Z',
            reason: 'the tip, by request',
            reasonCode: 'support',
            note: 'the tip, by request',
          },
        ],
        {
          earnings: { amount: '2.00', status: 'expected' },
        },
      ),
    )
    const earnings = within(screen.getByRole('region', { name: 'Your Earnings' }))
    expect(earnings.getByText('Fee and tip, less refunds', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$2.00once delivered')
    expect(earnings.getByText(/^Refunded to the buyer/).textContent).toBe('Refunded to the buyer: $5.00')
    expect(earnings.getByText('the tip, by request')).toBeDefined()
  })

  test('a ticked line is struck through and stays ticked after a reload', async () => {
    deliveryServer()
    await openShopping()
    tick('Okra (Bhindi)')
    expect(within(line('Okra (Bhindi)')).getByRole<HTMLInputElement>('checkbox').checked).toBe(true)
    expect(line('Okra (Bhindi)').querySelector('.shopping-line--found')).not.toBeNull()
    expect(screen.getByText('1 of 3 found')).toBeDefined()

    cleanup()
    await openShopping()
    expect(within(line('Okra (Bhindi)')).getByRole<HTMLInputElement>('checkbox').checked).toBe(true)
  })

  test('the typed grocery total survives a reload too, and is forgotten once reported', async () => {
    deliveryServer()
    await openShopping()
    fireEvent.change(screen.getByLabelText('Actual grocery total (optional)'), { target: { value: '23.40' } })
    cleanup()
    await openShopping()
    expect(screen.getByLabelText<HTMLInputElement>('Actual grocery total (optional)').value).toBe('23.40')

    for (const name of ['Toor Dal (4 lb)', 'Okra (Bhindi)', 'Curry Leaves']) tick(name)
    pickUp()
    await screen.findByText('Items picked up from store')
    expect(localStorage.getItem(`delivery_grocery_total_${order.id}`)).toBeNull()
  })

  test('picking up with one line unticked warns first, then reports it not available with the grocery total', async () => {
    const server = deliveryServer()
    await openShopping()
    tick('Toor Dal (4 lb)')
    tick('Okra (Bhindi)')
    fireEvent.change(screen.getByLabelText('Actual grocery total (optional)'), { target: { value: '$23.40' } })
    pickUp()

    const dialog = within(screen.getByRole('dialog', { name: 'Report 1 item not available?' }))
    expect(dialog.getByText(/will be reported to the customer as not available at the store/)).toBeDefined()
    expect(dialog.getByRole('listitem').textContent).toBe('Curry Leaves')
    expect(server.callsTo(`PATCH ${orderPath}/status`)).toHaveLength(0)
    fireEvent.click(dialog.getByRole('button', { name: 'Mark as Picked Up' }))

    await screen.findByText('Items picked up from store')
    expect(server.callsTo(`PATCH ${orderPath}/status`).map((call) => call.body)).toEqual([
      {
        status: 'picked_up',
        itemCompletionData: [
          { id: 'line-dal', isDelivered: true },
          { id: 'line-okra', isDelivered: true },
          { id: 'line-leaves', isDelivered: false },
        ],
        actualGroceryCost: '23.40',
      },
    ])
    expect(screen.getByRole('button', { name: 'MARK AS DELIVERED' })).toBeDefined()
    expect(line('Curry Leaves').textContent).toContain('Not available')
    expect(line('Toor Dal (4 lb)').textContent).toContain('Found')
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.getByText('Grocery total you reported').nextElementSibling?.textContent).toBe('$23.40')
    expect(localStorage.getItem(`delivery_checks_${order.id}`)).toBeNull()
  })

  test("'Back to List' keeps shopping; with every line ticked, pick-up needs no warning", async () => {
    const server = deliveryServer()
    await openShopping()
    tick('Toor Dal (4 lb)')
    pickUp()
    expect(screen.getByRole('dialog', { name: 'Report 2 items not available?' })).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Back to List' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    for (const name of ['Okra (Bhindi)', 'Curry Leaves']) tick(name)
    pickUp()
    expect(screen.queryByRole('dialog')).toBeNull()
    await screen.findByText('Items picked up from store')
    expect(server.callsTo(`PATCH ${orderPath}/status`)[0]!.body).toEqual({
      status: 'picked_up',
      itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })),
    })
  })

  test('a grocery total that is not an amount is explained, and pick-up waits for it', async () => {
    deliveryServer()
    await openShopping()
    fireEvent.change(screen.getByLabelText('Actual grocery total (optional)'), { target: { value: 'about 20' } })
    expect(screen.getByText('Enter the total in dollars, like 42.50')).toBeDefined()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'MARK AS PICKED UP' }).disabled).toBe(true)
  })

  test("'MARK AS DELIVERED' is confirmed first; then the delivery reads Delivered with a way back", async () => {
    const server = deliveryServer(
      anAcceptedOrder({ status: 'picked_up', pickedUpAt: '2026-01-05T10:30:00.000Z', items: order.items.map((item) => ({ ...item, isDelivered: true })) }),
    )
    await openDelivery()
    fireEvent.click(await screen.findByRole('button', { name: 'MARK AS DELIVERED' }))
    let dialog = within(screen.getByRole('dialog', { name: 'Mark as delivered?' }))
    expect(dialog.getByText(/Confirm that Asha has the groceries and has paid you for them/)).toBeDefined()
    fireEvent.click(dialog.getByRole('button', { name: 'Not Yet' }))
    expect(server.callsTo(`PATCH ${orderPath}/status`)).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'MARK AS DELIVERED' }))
    dialog = within(screen.getByRole('dialog', { name: 'Mark as delivered?' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }))
    await screen.findByText('Delivered', { selector: '.delivery-status__title' })
    expect(server.callsTo(`PATCH ${orderPath}/status`).map((call) => call.body)).toEqual([{ status: 'delivered' }])
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/runner')
  })

  test("refusals toast 'Failed to update status' and 'Failed to mark as delivered' with the server's reason", async () => {
    deliveryServer(order, { refuse: [409, { code: 'PAYMENT_NOT_CAPTURED', message: "The buyer's payment for this order has not gone through yet." }] })
    await openShopping()
    for (const name of ['Toor Dal (4 lb)', 'Okra (Bhindi)', 'Curry Leaves']) tick(name)
    pickUp()
    await toasts().findByText('Failed to update status')
    expect(toasts().getByText("The buyer's payment for this order has not gone through yet.")).toBeDefined()
    cleanup()

    deliveryServer(anAcceptedOrder({ status: 'picked_up' }), { refuse: [409, { code: 'INVALID_TRANSITION', message: 'The order is already delivered.' }] })
    await openDelivery()
    fireEvent.click(await screen.findByRole('button', { name: 'MARK AS DELIVERED' }))
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Delivered' }))
    await toasts().findByText('Failed to mark as delivered')
  })

  test("a missing order, or another runner's, reads 'Order not found' with 'Back to Dashboard'", async () => {
    fakeApi({ 'GET /api/orders/gone': () => [404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' }] })
    await openDelivery('gone')
    await screen.findByText('Order not found')
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/runner')
    cleanup()

    deliveryServer(anAcceptedOrder({ runnerId: 'someone-else' }))
    await openDelivery()
    await screen.findByText('Order not found')
    expect(screen.queryByText('Asha Patel')).toBeNull()
  })

  test('follows the order live: a change pushed by the server shows at once', async () => {
    deliveryServer()
    await openShopping()
    const stream = events.latest()!
    expect(stream.url).toBe(`${orderPath}/events`)
    expect(stream.withCredentials).toBe(true)
    stream.open()
    expect(screen.getByTitle('Live: changes appear as they happen')).toBeDefined()

    stream.push('order', { ...order, deliveryInstructions: 'Side door, please' })
    expect(screen.getByText('Side door, please')).toBeDefined()
    stream.fail()
    expect(screen.getByText('Reconnecting...')).toBeDefined()
  })
})

test("the buyer's new messages are counted in the action bar too, where a tap opens the chat and reads them", async () => {
  const fromMeera = aMessage({ id: 'message-9', senderId: 'buyer-1', senderRole: 'buyer', message: 'Ring twice please', createdAt: '2026-01-05T10:20:00.000Z' })
  fakeApi({ [`GET ${orderPath}`]: () => [200, { order }], [`GET ${orderPath}/messages`]: () => [200, { messages: [fromMeera] }] })
  await openShopping()
  const reminder = await screen.findByRole('button', { name: '1 new message from Asha' })
  expect(reminder.closest('.action-bar')).not.toBeNull()
  fireEvent.click(reminder)
  await screen.findByRole('log', { name: 'Messages with Asha' })
  expect(screen.getByRole('log', { name: 'Messages with Asha' }).textContent).toContain('Ring twice please')
  // Read in the chat, read everywhere: neither count is left.
  await waitFor(() => expect(screen.queryByRole('button', { name: '1 new message from Asha' })).toBeNull())
  expect(screen.queryByText('1 new message')).toBeNull()
})

describe("a scheduled order's window", () => {
  const scheduled = (overrides: Partial<Order> = {}) =>
    anAcceptedOrder({ scheduledFor: SATURDAY_WINDOW.start, timeSlot: SATURDAY_WINDOW.label, scheduledWindow: SATURDAY_WINDOW, ...overrides })
  const pickedUp = (overrides: Partial<Order> = {}) => scheduled({ status: 'picked_up', pickedUpAt: '2026-01-10T13:00:00.000Z', ...overrides })

  async function openAt(current: Order, at: number) {
    deliveryServer(current)
    renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${current.id}`, user: aRunner(), clock: manualClock(at) })
    return screen.findByRole('region', { name: 'Delivery status' })
  }

  test('is on the delivery from shopping to the door', async () => {
    let status = await openAt(scheduled(), Date.parse('2026-01-10T13:10:00.000Z'))
    await within(status).findByText('Time to shop')
    expect(status.querySelector('.delivery-status__window')?.textContent).toBe('Scheduled delivery: Sat 10:00–12:00')
    cleanup()

    status = await openAt(pickedUp(), Date.parse('2026-01-10T13:30:00.000Z'))
    await within(status).findByText('Items picked up from store')
    expect(status.textContent).toContain(
      'Take the groceries to the customer in their Sat 10:00–12:00 window, collect the grocery payment, then mark the order delivered.',
    )
    expect(status.querySelector('.delivery-status__window')?.textContent).toBe('Scheduled delivery: Sat 10:00–12:00')
  })

  test('marking it delivered far before the window warns, and still delivers', async () => {
    await openAt(pickedUp(), Date.parse('2026-01-10T14:13:00.000Z'))
    fireEvent.click(await screen.findByRole('button', { name: 'MARK AS DELIVERED' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Mark as delivered?' }))
    expect(dialog.getByText(/has not started/).textContent).toBe(
      'This order is scheduled for Sat 10:00–12:00, and that window has not started. Deliver before it only if Asha agreed.',
    )
    fireEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }))
    await screen.findByText('Delivered', { selector: '.delivery-status__title' })
  })

  test(`within ${EARLY_DELIVERY_WARNING_MINUTES} minutes of the window, or in it, there is no warning`, async () => {
    for (const at of ['2026-01-10T14:30:00.000Z', '2026-01-10T15:20:00.000Z']) {
      await openAt(pickedUp(), Date.parse(at))
      fireEvent.click(await screen.findByRole('button', { name: 'MARK AS DELIVERED' }))
      expect(within(screen.getByRole('dialog', { name: 'Mark as delivered?' })).queryByText(/has not started/)).toBeNull()
      cleanup()
    }
  })
})
