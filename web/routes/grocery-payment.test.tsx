import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, within } from '@testing-library/react'
import type { GroceryPayment, Order } from '../../modules/orders/contract'
import { fakeApi } from '../testing/fake-api'
import { followsOrderStreams } from '../testing/fake-event-source'
import { aBuyer } from '../testing/fixtures'
import { aCardGroceryPayment, anAcceptedOrder, aRunner } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { ActiveDeliveryPage } from './active-delivery'
import { OrderTrackingPage } from './order-tracking'

// Groceries paid in the app: what the runner's screens say to collect at the door, and the buyer's
// choice of how to pay a grocery total above the card's hold.

followsOrderStreams()
const receipt = { url: '/api/orders/order-1/receipt', uploadedAt: '2026-01-05T10:25:00.000Z' }
/** A card order held at $45, picked up with its receipt at `total` dollars. */
function cardOrder(total: string, payment: Partial<GroceryPayment> = {}): Order {
  const order = anAcceptedOrder()
  return {
    ...order,
    status: 'picked_up',
    pickedUpAt: '2026-01-05T10:30:00.000Z',
    actualGroceryCost: total,
    receipt,
    groceryPayment: aCardGroceryPayment(payment),
  }
}

async function openDelivery(order: Order) {
  fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
  renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${order.id}`, user: aRunner() })
  return within(await screen.findByRole('region', { name: 'Your Earnings' }))
}

describe("the runner's screen says what to collect at the door", () => {
  test('groceries paid in the app: nothing to collect, and the next step asks for no payment', async () => {
    const earnings = await openDelivery(cardOrder('38.20', { capturedCents: 3820, status: 'captured' }))
    expect(earnings.getByText('Groceries paid in the app: nothing to collect.')).toBeDefined()
    expect(earnings.getByText('Grocery cost:').parentElement?.textContent).toBe('Grocery cost: The customer pays by card in the app')
    expect(screen.getByRole('region', { name: 'Delivery status' }).textContent).toContain('Take the groceries to the customer, then mark the order delivered.')
  })

  test('a difference left to the door: Collect $Z at the door', async () => {
    const order = cardOrder('52.10', { capturedCents: 4500, status: 'captured', extraCents: 710, extraStatus: 'declined', collectAtDoorCents: 710 })
    const earnings = await openDelivery(order)
    expect(earnings.getByText('Collect $7.10 at the door.')).toBeDefined()
    expect(screen.getByRole('region', { name: 'Delivery status' }).textContent).toContain('collect the grocery payment')
  })

  test('while the buyer chooses, the runner is told so', async () => {
    const earnings = await openDelivery(cardOrder('52.10', { extraCents: 710, extraStatus: 'awaiting_choice' }))
    expect(
      earnings.getByText("The groceries came to $7.10 more than the customer's card hold: they are choosing to pay it by card or at the door."),
    ).toBeDefined()
  })

  test('an order paid at the door: Collect the whole total once it is known', async () => {
    const order: Order = {
      ...cardOrder('64.30'),
      groceryPayment: { ...cardOrder('64.30').groceryPayment, method: 'at_door', holdCents: 0, status: null, collectAtDoorCents: 6430 },
    }
    const earnings = await openDelivery(order)
    expect(earnings.getByText('Collect $64.30 at the door, by Cash, Zelle, Venmo, or Apple Pay.')).toBeDefined()
  })
})

describe("'Mark as delivered?' asks for the payment the order's own grocery payment leaves to the door", () => {
  const dialogText = async (order: Order) => {
    await openDelivery(order)
    fireEvent.click(screen.getByRole('button', { name: 'MARK AS DELIVERED' }))
    return screen.getByRole('dialog', { name: 'Mark as delivered?' }).querySelector('.dialog__text')?.textContent
  }

  test.each<[string, Order, string]>([
    [
      'paid in the app: nothing to collect',
      cardOrder('38.20', { capturedCents: 3820, status: 'captured' }),
      'Confirm that Asha has the groceries. They are paid in the app: there is nothing to collect. This cannot be undone.',
    ],
    [
      'a difference left to the door',
      cardOrder('52.10', { capturedCents: 4500, status: 'captured', extraCents: 710, extraStatus: 'at_door', collectAtDoorCents: 710 }),
      'Confirm that Asha has the groceries and has paid you the $7.10 left to pay at the door. This cannot be undone.',
    ],
    [
      'the buyer still choosing',
      cardOrder('52.10', { extraCents: 710, extraStatus: 'awaiting_choice' }),
      'Confirm that Asha has the groceries. The $7.10 above the card hold is not settled yet: Asha is choosing to pay it by card or to you at the door. This cannot be undone.',
    ],
    [
      'paid at the door, with the total entered',
      {
        ...cardOrder('64.30'),
        groceryPayment: { ...cardOrder('64.30').groceryPayment, method: 'at_door', holdCents: 0, status: null, collectAtDoorCents: 6430 },
      },
      'Confirm that Asha has the groceries and has paid you $64.30 for them. This cannot be undone.',
    ],
  ])('%s', async (_case, order, text) => {
    expect(await dialogText(order)).toBe(text)
  })
})

describe("the runner's pick-up of a card order carries the grocery total", () => {
  const shopping: Order = { ...cardOrder(''), status: 'runner_accepted', pickedUpAt: null, actualGroceryCost: null }

  test('the total is required: pick-up waits for it, then sends it', async () => {
    const server = fakeApi({
      [`GET /api/orders/${shopping.id}`]: () => [200, { order: shopping }],
      [`PATCH /api/orders/${shopping.id}/status`]: ({ body }) => [200, { order: { ...cardOrder(body.actualGroceryCost as string) } }],
    })
    renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${shopping.id}`, user: aRunner() })
    const total = await screen.findByLabelText<HTMLInputElement>('Actual grocery total')
    expect(total.required).toBe(true)
    expect(screen.getByText("From the store receipt. Required: the customer's card is charged this total ($45.00 is held on it).")).toBeDefined()
    // Nothing is paid at the door, so the receipt is not asked for to say what to pay there.
    expect(
      within(screen.getByRole('region', { name: 'Receipt photo' })).getByText(
        'Needed for this order: the customer sees it, and their card is charged its total.',
      ),
    ).toBeDefined()
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box)
    const pickUp = screen.getByRole<HTMLButtonElement>('button', { name: 'MARK AS PICKED UP' })
    expect(pickUp.disabled).toBe(true)
    fireEvent.change(total, { target: { value: '   ' } })
    expect(pickUp.disabled).toBe(true)
    fireEvent.change(total, { target: { value: '48.37' } })
    expect(pickUp.disabled).toBe(false)
    fireEvent.click(pickUp)
    await screen.findByRole('button', { name: 'MARK AS DELIVERED' })
    expect(server.callsTo(`PATCH /api/orders/${shopping.id}/status`).map((call) => call.body)).toEqual([
      { status: 'picked_up', itemCompletionData: shopping.items.map((item) => ({ id: item.id, isDelivered: true })), actualGroceryCost: '48.37' },
    ])
  })

  test('with every item marked Not Found, no total and no receipt: the pick-up opens "Nothing found?" and ends the order', async () => {
    const nothing: Order = { ...shopping, receipt: null, items: shopping.items.map((item) => ({ ...item, state: 'not_found', isDelivered: false })) }
    const server = fakeApi({
      [`GET /api/orders/${nothing.id}`]: () => [200, { order: nothing }],
      [`POST /api/orders/${nothing.id}/nothing-found`]: () => [200, { order: { ...nothing, status: 'cancelled', cancelReason: 'nothing_found' } }],
    })
    renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${nothing.id}`, user: aRunner() })
    const total = await screen.findByLabelText<HTMLInputElement>('Actual grocery total')
    expect(total.required).toBe(false)
    expect(screen.getByText('Every item is marked not found: with nothing found there is no total or receipt to enter.')).toBeDefined()
    expect(
      within(screen.getByRole('region', { name: 'Receipt photo' })).getByText('Not needed: every item is marked not found, so nothing was bought.'),
    ).toBeDefined()
    const pickUp = screen.getByRole<HTMLButtonElement>('button', { name: 'MARK AS PICKED UP' })
    expect(pickUp.disabled).toBe(false)
    fireEvent.click(pickUp)
    const dialog = within(screen.getByRole('dialog', { name: 'Nothing found?' }))
    expect(dialog.getByText(/the hold on their card for the groceries is released/)).toBeDefined()
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm Nothing Found' }))
    await screen.findByText('Nothing found', { selector: '.delivery-status__title' })
    expect(server.callsTo(`POST /api/orders/${nothing.id}/nothing-found`)).toHaveLength(1)
    expect(server.callsTo(`PATCH /api/orders/${nothing.id}/status`)).toHaveLength(0)
  })

  test('a total far above the estimate, or above the hold, is worth a second look: warned of, and the pick-up still goes', async () => {
    fakeApi({ [`GET /api/orders/${shopping.id}`]: () => [200, { order: shopping }] })
    renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${shopping.id}`, user: aRunner() })
    const total = await screen.findByLabelText<HTMLInputElement>('Actual grocery total')
    const warnings = () => Array.from(total.closest('section')!.querySelectorAll('.form-notice'), (notice) => notice.textContent)
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box)
    fireEvent.change(total, { target: { value: '24.10' } })
    expect(warnings()).toEqual([])
    fireEvent.change(total, { target: { value: '31.75' } })
    expect(warnings()).toEqual(['$31.75 is far above the $19.47 estimate: check it against the receipt.'])
    fireEvent.change(total, { target: { value: '48.37' } })
    expect(warnings()).toEqual([
      '$48.37 is far above the $19.47 estimate: check it against the receipt.',
      "That is $3.37 more than the $45.00 held on the customer's card: they will choose to pay the difference by card or at the door.",
    ])
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'MARK AS PICKED UP' }).disabled).toBe(false)
  })

  test('an order paid at the door keeps the total optional', async () => {
    const atDoor: Order = { ...shopping, groceryPayment: { ...shopping.groceryPayment, method: 'at_door', holdCents: 0, status: null } }
    fakeApi({ [`GET /api/orders/${atDoor.id}`]: () => [200, { order: atDoor }] })
    renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${atDoor.id}`, user: aRunner() })
    expect((await screen.findByLabelText<HTMLInputElement>('Actual grocery total (optional)')).required).toBe(false)
    expect(
      within(screen.getByRole('region', { name: 'Receipt photo' })).getByText('The customer sees it, so they know what to pay you at the door.'),
    ).toBeDefined()
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'MARK AS PICKED UP' }).disabled).toBe(false)
  })
})

/** The buyer's tracking screen over a server that answers the confirmation with `answer`. */
async function openTracking(order: Order, answer: (body: unknown) => Order) {
  const server = fakeApi({
    [`GET /api/orders/${order.id}`]: () => [200, { order }],
    [`POST /api/orders/${order.id}/grocery-total/confirm`]: ({ body }) => [200, { order: answer(body) }],
  })
  renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
  return { server, card: within(await screen.findByRole('region', { name: 'Receipt and total' })) }
}
const confirmed = (order: Order, payment: Partial<GroceryPayment>): Order => ({
  ...order,
  groceryTotalConfirmedAt: '2026-01-05T10:35:00.000Z',
  groceryPayment: { ...order.groceryPayment, capturedCents: 4500, status: 'captured', ...payment },
})

describe("the buyer's choice for a total above the hold", () => {
  const above = cardOrder('52.10', { extraCents: 710, extraStatus: 'awaiting_choice' })

  test('two buttons instead of Confirm Total; charging the card sends extra card, once, and says what was charged', async () => {
    const { server, card } = await openTracking(above, () => confirmed(above, { extraStatus: 'captured' }))
    expect(card.getByText(/more than the/).textContent).toBe('That is $7.10 more than the $45.00 held on your card. How would you like to pay the difference?')
    expect(card.queryByRole('button', { name: 'Confirm Total' })).toBeNull()
    expect(card.getByRole('button', { name: 'Pay $7.10 at the door' })).toBeDefined()
    fireEvent.click(card.getByRole('button', { name: 'Charge $7.10 more to my card' }))
    const status = await card.findByText(/Charged to your card/)
    expect(status.textContent).toMatch(/^You confirmed \$52\.10 at .+\. Charged to your card: \$45\.00 from the hold and \$7\.10 more\.$/)
    expect(server.callsTo(`POST /api/orders/${above.id}/grocery-total/confirm`).map((call) => call.body)).toEqual([{ extra: 'card' }])
    expect(card.queryByRole('button', { name: /more to my card/ })).toBeNull()
  })

  test('a declined card says so and falls back to the door', async () => {
    const { card } = await openTracking(above, () => confirmed(above, { extraStatus: 'declined', collectAtDoorCents: 710 }))
    fireEvent.click(card.getByRole('button', { name: 'Charge $7.10 more to my card' }))
    expect((await card.findByText(/declined/)).textContent).toContain('Your card declined the extra $7.10. Please pay $7.10 to Ravi at the door.')
  })

  test('paying at the door sends extra at_door and says what to hand the runner', async () => {
    const { server, card } = await openTracking(above, () => confirmed(above, { extraStatus: 'at_door', collectAtDoorCents: 710 }))
    fireEvent.click(card.getByRole('button', { name: 'Pay $7.10 at the door' }))
    expect((await card.findByText(/Charged to your card/)).textContent).toContain('Charged to your card: $45.00. Please pay $7.10 to Ravi at the door.')
    expect(server.callsTo(`POST /api/orders/${above.id}/grocery-total/confirm`).map((call) => call.body)).toEqual([{ extra: 'at_door' }])
  })

  test('a total within the hold is confirmed as before, and says it was charged to the card', async () => {
    const within45 = cardOrder('38.20')
    const { card } = await openTracking(within45, () => confirmed(within45, { capturedCents: 3820 }))
    expect(card.getByText(/Grocery total from the store receipt/).textContent).toBe('Grocery total from the store receipt: $38.20, paid by card in the app.')
    fireEvent.click(card.getByRole('button', { name: 'Confirm Total' }))
    expect((await card.findByText(/Charged to your card/)).textContent).toContain('Charged to your card: $38.20.')
  })
})
