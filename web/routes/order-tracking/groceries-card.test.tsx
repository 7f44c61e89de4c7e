import { describe, expect, test } from 'bun:test'
import { cleanup, screen, within } from '@testing-library/react'
import type { GroceryPayment, Order } from '../../../modules/orders/contract'
import { fakeApi } from '../../testing/fake-api'
import { followsOrderStreams } from '../../testing/fake-event-source'
import { aBuyer } from '../../testing/fixtures'
import { aGroceryPayment, anAcceptedOrder } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { OrderTrackingPage } from '../order-tracking'

// The buyer's "Receipt and total" card in each state of the groceries' payment: where the total
// is paid, and what the card or the door still asks of the buyer. A card order never says the
// groceries are paid to the runner at the door unless something is collected there.

followsOrderStreams()
const receipt = { url: '/api/orders/order-1/receipt', uploadedAt: '2026-01-05T10:25:00.000Z' }
const atDoorPayment = aGroceryPayment()

/** Ravi's order picked up with its receipt at `total` dollars, its groceries paid as `payment` says (a $45 card hold unless told). */
function pickedUp(total: string | null, payment: Partial<GroceryPayment>, confirmed = false): Order {
  return {
    ...anAcceptedOrder(),
    status: 'picked_up',
    pickedUpAt: '2026-01-05T10:30:00.000Z',
    actualGroceryCost: total,
    receipt,
    groceryTotalConfirmedAt: confirmed ? '2026-01-05T10:35:00.000Z' : null,
    groceryPayment: { ...atDoorPayment, method: 'card', holdCents: 4500, status: 'authorized', ...payment },
  }
}

async function openCard(order: Order) {
  fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
  renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
  return within(await screen.findByRole('region', { name: 'Receipt and total' }))
}

const totalLine = (card: Awaited<ReturnType<typeof openCard>>) => card.getByText(/^Grocery total from the store receipt/).textContent
const confirmedLine = (card: Awaited<ReturnType<typeof openCard>>) => card.getByRole('status').textContent

describe("the buyer's groceries card says where the total is paid", () => {
  test('paid at the door: to the runner at the door, before and after the confirmation', async () => {
    const card = await openCard(pickedUp('31.75', { ...atDoorPayment, collectAtDoorCents: 3175 }))
    expect(totalLine(card)).toBe('Grocery total from the store receipt: $31.75, paid to Ravi at the door.')
    expect(card.getByRole('button', { name: 'Confirm Total' })).toBeDefined()
  })

  test.each([
    ['the hold still standing, before the confirmation', {}, false, 'paid by card in the app.', ''],
    ['captured within the hold', { status: 'captured', capturedCents: 3820 }, true, 'paid by card in the app.', 'Charged to your card: $38.20.'],
    [
      'refunded in part since',
      { status: 'partially_refunded', capturedCents: 3820, refundedCents: 500 },
      true,
      'paid by card in the app.',
      'Charged to your card: $38.20.',
    ],
  ] as const)('by card, %s: paid by card in the app, never at the door', async (_state, payment, confirmed, where, result) => {
    const card = await openCard(pickedUp('38.20', payment, confirmed))
    expect(totalLine(card)).toBe(`Grocery total from the store receipt: $38.20, ${where}`)
    expect(totalLine(card)).not.toContain('at the door')
    expect(confirmedLine(card)).toContain(result)
    expect(confirmedLine(card)).not.toContain('at the door')
  })

  test('by card, above the hold while the buyer chooses: by card in the app, and the choice asked', async () => {
    const card = await openCard(pickedUp('52.10', { extraCents: 710, extraStatus: 'awaiting_choice' }))
    expect(totalLine(card)).toBe('Grocery total from the store receipt: $52.10, paid by card in the app.')
    expect(card.getByRole('button', { name: 'Pay $7.10 at the door' })).toBeDefined()
  })

  test.each([
    ['being charged', { extraStatus: 'pending', collectAtDoorCents: 0 }, 'paid by card in the app.', 'Charging $7.10 more to your card...'],
    ['charged', { extraStatus: 'captured', collectAtDoorCents: 0 }, 'paid by card in the app.', 'Charged to your card: $45.00 from the hold and $7.10 more.'],
    [
      'chosen for the door',
      { extraStatus: 'at_door', collectAtDoorCents: 710 },
      'paid by card in the app, and $7.10 of it to Ravi at the door.',
      'Charged to your card: $45.00. Please pay $7.10 to Ravi at the door.',
    ],
    [
      'declined by the card',
      { extraStatus: 'declined', collectAtDoorCents: 710 },
      'paid by card in the app, and $7.10 of it to Ravi at the door.',
      'Your card declined the extra $7.10. Please pay $7.10 to Ravi at the door.',
    ],
  ] as const)('by card, $7.10 above the hold %s', async (_state, extra, where, result) => {
    const card = await openCard(pickedUp('52.10', { status: 'captured', capturedCents: 4500, extraCents: 710, ...extra }, true))
    expect(totalLine(card)).toBe(`Grocery total from the store receipt: $52.10, ${where}`)
    expect(confirmedLine(card)).toContain(result)
  })

  test("by card, the hold's capture declined: the whole total to the runner at the door", async () => {
    const card = await openCard(pickedUp('38.20', { status: 'capture_failed', collectAtDoorCents: 3820 }, true))
    expect(totalLine(card)).toBe('Grocery total from the store receipt: $38.20, paid to Ravi at the door, as your card declined it.')
    expect(confirmedLine(card)).toContain('Your card declined the groceries. Please pay $38.20 to Ravi at the door.')
  })

  test('a receipt without a total yet shows the photo and no total; no receipt and no total, no card', async () => {
    const card = await openCard(pickedUp(null, {}))
    expect(card.getByRole('img', { name: 'Store receipt' })).toBeDefined()
    expect(card.queryByText(/^Grocery total/)).toBeNull()
    expect(card.queryByRole('button', { name: 'Confirm Total' })).toBeNull()
    cleanup()
    const bare = { ...pickedUp(null, {}), receipt: null }
    fakeApi({ [`GET /api/orders/${bare.id}`]: () => [200, { order: bare }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${bare.id}`, user: aBuyer() })
    await screen.findByRole('region', { name: 'Payment' })
    expect(screen.queryByRole('region', { name: 'Receipt and total' })).toBeNull()
  })
})
