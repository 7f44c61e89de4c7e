import { beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { readPendingOrder } from '../../features/cart/pending-order'
import { manualClock } from '../../testing/manual-clock'
import { someWindows, withFull } from '../../testing/window-fixtures'
import { bodiesSentTo, checkoutServer, fillCartAndPendingOrder, openCheckout, pickTestCard, placed, placeOrderButton, store } from './render-checkout'

const confirmation = `Screen at /order-confirmation?orderId=${placed.id}`
const WINDOWS = `GET /api/stores/${store.id}/delivery-windows`
const [, , saturday, saturdayNoon] = someWindows().windows
const closed = [409, { message: 'Patel Family Grocers is closed now. It opens at 9:00 AM tomorrow.', code: 'STORE_CLOSED' }] as const
const full = [409, { message: 'That delivery window is full.', code: 'WINDOW_FULL' }] as const

beforeEach(() => localStorage.clear())

const slot = () => screen.getByText('Delivery slot', { selector: 'dt' }).nextElementSibling?.textContent

async function placeOrder() {
  await pickTestCard('4242 4242 4242 4242')
  fireEvent.click(placeOrderButton())
}

describe('checkout for a delivery window (issue 30)', () => {
  test('a window chosen in the cart: its label is the slot, and its start goes as scheduledFor on both calls, with the store', async () => {
    fillCartAndPendingOrder(saturday)
    const api = checkoutServer()
    await openCheckout()
    expect(slot()).toBe('Sat 10:00–12:00')
    // The 30 minutes count from when runners see it, not from now.
    expect(screen.getByRole('complementary', { name: 'Payment Authorization' }).textContent).toContain(
      'Runners see it shortly before your Sat 10:00–12:00 window; if none accepts within 30 minutes of seeing it, the authorization is cancelled at no cost.',
    )
    expect(screen.queryByText(/If no runner accepts within 30 minutes,/)).toBeNull()
    await placeOrder()
    await screen.findByText(confirmation)
    expect(bodiesSentTo(api, 'POST /api/create-payment-intent')[0]).toMatchObject({ storeId: store.id, scheduledFor: saturday!.start })
    const [order] = bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')
    expect(order!.orderData.scheduledFor).toBe(saturday!.start)
    expect(order!.orderData).not.toHaveProperty('timeSlot')
  })

  test('ASAP sends no scheduledFor to the intent, and the ASAP slot to the order', async () => {
    fillCartAndPendingOrder()
    const api = checkoutServer()
    await openCheckout()
    await placeOrder()
    await screen.findByText(confirmation)
    expect(bodiesSentTo(api, 'POST /api/create-payment-intent')[0]).not.toHaveProperty('scheduledFor')
    expect(bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')[0]!.orderData).toMatchObject({ scheduledFor: null, timeSlot: 'ASAP' })
  })

  test('a closed store (409 STORE_CLOSED) offers its first free window in one tap; the order then goes for it, on the same attempt', async () => {
    fillCartAndPendingOrder()
    const open = false
    const api = checkoutServer({
      'POST /api/create-payment-intent': ({ body }) =>
        body.scheduledFor || open
          ? [200, { clientSecret: `pi_for_${body.checkoutId}_secret_x`, paymentIntentId: `pi_for_${body.checkoutId}`, amount: body.amount }]
          : [...closed],
      [WINDOWS]: () => [200, someWindows()],
    })
    await openCheckout()
    await placeOrder()
    const rescue = within(await screen.findByRole('alert', { name: 'No delivery now from Patel Family Grocers' }))
    expect(api.callsTo('POST /api/payments/embedded/confirm')).toHaveLength(0)
    // The first window is Friday 17:00: the one-tap choice is the soonest with a place.
    fireEvent.click(await rescue.findByRole('button', { name: 'Schedule Fri 17:00–19:00' }))
    expect(screen.queryByRole('alert', { name: /No delivery now/ })).toBeNull()
    expect(slot()).toBe('Fri 17:00–19:00')
    expect(readPendingOrder()).toMatchObject({ scheduledFor: someWindows().windows[0]!.start, timeSlot: 'Fri 17:00–19:00' })

    await waitFor(() => expect(placeOrderButton().disabled).toBe(false))
    fireEvent.click(placeOrderButton())
    await screen.findByText(confirmation)
    const [first, second] = bodiesSentTo(api, 'POST /api/create-payment-intent')
    expect(first).not.toHaveProperty('scheduledFor')
    expect(second).toMatchObject({ scheduledFor: someWindows().windows[0]!.start, checkoutId: first!.checkoutId })
  })

  test('a store closed when the cart handed the order on: said before any card, with its windows; Place Order waits for one', async () => {
    fillCartAndPendingOrder(null, { ...store, openNow: false, nextChange: { at: '2026-11-28T14:00:00.000Z', opens: true }, closedFor: 'Family wedding' })
    const api = checkoutServer({ [WINDOWS]: () => [200, someWindows()] })
    await openCheckout(manualClock(Date.parse('2026-11-28T03:00:00.000Z')))
    const rescue = within(screen.getByRole('alert', { name: 'No delivery now from Patel Family Grocers' }))
    expect(rescue.getByText(/closed today/).textContent).toBe(
      'Patel Family Grocers is closed today (Family wedding); it opens 9 AM tomorrow. Schedule it for later instead; nothing has been charged.',
    )
    // Before the card: the notice comes first in the page.
    const payment = screen.getByRole('heading', { name: 'Payment' })
    expect(rescue.getByText(/closed today/).compareDocumentPosition(payment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(placeOrderButton().disabled).toBe(true)
    expect(document.getElementById(placeOrderButton().getAttribute('aria-describedby')!)?.textContent).toBe('Choose a delivery window first.')

    fireEvent.click(await rescue.findByRole('button', { name: 'Schedule Fri 17:00–19:00' }))
    expect(screen.queryByRole('alert', { name: /No delivery now/ })).toBeNull()
    expect(slot()).toBe('Fri 17:00–19:00')
    expect(placeOrderButton().disabled).toBe(false)
    // Choosing only moved the order: nothing is placed until Place Order, and the bar says so.
    expect(screen.getByText(/^Now for/).textContent).toBe('Now for Fri 17:00–19:00. Not placed yet: press Place Order to place it.')
    expect(api.callsTo('POST /api/create-payment-intent')).toHaveLength(0)
  })

  test('the closed store also lists the other windows, and Saturday 10:00–12:00 can be chosen instead', async () => {
    fillCartAndPendingOrder()
    checkoutServer({ 'POST /api/create-payment-intent': () => [...closed], [WINDOWS]: () => [200, someWindows()] })
    await openCheckout()
    await placeOrder()
    const rescue = within(await screen.findByRole('alert', { name: 'No delivery now from Patel Family Grocers' }))
    const others = within(await rescue.findByRole('group', { name: 'Or choose another window' }))
    fireEvent.click(others.getByRole('radio', { name: 'Sat 10:00–12:00' }))
    expect(slot()).toBe('Sat 10:00–12:00')
    expect(readPendingOrder()?.scheduledFor).toBe(saturday!.start)
  })

  test('a window that filled while paying (409 WINDOW_FULL) reads the windows again, says it filled, and takes another; the hold is made afresh', async () => {
    fillCartAndPendingOrder(saturday)
    let filled = true
    const api = checkoutServer({
      'POST /api/confirm-payment-and-create-order': ({ body }) =>
        filled && body.orderData.scheduledFor === saturday!.start ? [...full] : [200, { order: placed }],
      [WINDOWS]: () => [200, filled ? withFull(someWindows(), saturday!.start) : someWindows()],
    })
    await openCheckout()
    await placeOrder()
    const rescue = within(await screen.findByRole('alert', { name: 'Sat 10:00–12:00 just filled' }))
    expect(rescue.getByText(/Choose another window; nothing was charged/)).toBeDefined()
    expect((await rescue.findByRole<HTMLInputElement>('radio', { name: 'Sat 10:00–12:00 Full' })).disabled).toBe(true)
    expect(api.callsTo(WINDOWS)).toHaveLength(1)

    fireEvent.click(rescue.getByRole('radio', { name: 'Sat 12:00–14:00' }))
    expect(slot()).toBe('Sat 12:00–14:00')
    filled = false
    await waitFor(() => expect(placeOrderButton().disabled).toBe(false))
    fireEvent.click(placeOrderButton())
    await screen.findByText(confirmation)
    const intents = bodiesSentTo(api, 'POST /api/create-payment-intent')
    expect(intents).toHaveLength(2)
    expect(intents[1]!.checkoutId).not.toBe(intents[0]!.checkoutId)
    expect(intents[1]!.scheduledFor).toBe(saturdayNoon!.start)
    expect(bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')[1]!.orderData.scheduledFor).toBe(saturdayNoon!.start)
  })
})
