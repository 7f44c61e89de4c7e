import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Order } from '../../../modules/orders/contract'
import type { DeliveryWindows } from '../../features/cart-checkout/api/delivery-windows'
import { fakeApi } from '../../testing/fake-api'
import { aBuyer } from '../../testing/fixtures'
import { manualClock } from '../../testing/manual-clock'
import { anAcceptedOrder, aScheduledOrder, SATURDAY_WINDOW } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { toasts } from '../../testing/screen-queries'
import { OrderTrackingPage } from '../order-tracking'

const scheduled = aScheduledOrder()
const PLACED = Date.parse(scheduled.createdAt)
const NOON = { start: '2026-01-10T17:00:00.000Z', end: '2026-01-10T19:00:00.000Z', label: 'Sat 12:00–14:00' }
const windows = (noonAvailable = true): DeliveryWindows => ({
  timeZone: 'America/New_York',
  windows: [
    { ...SATURDAY_WINDOW, available: true },
    { ...NOON, available: noonAvailable },
  ],
})
const WINDOWS = `GET /api/stores/${scheduled.storeId}/delivery-windows`
const RESCHEDULE = `POST /api/orders/${scheduled.id}/reschedule`

async function openTracking(handlers: Parameters<typeof fakeApi>[0] = {}, clock = manualClock(PLACED)) {
  let order: Order = scheduled
  const server = fakeApi({ [`GET /api/orders/${scheduled.id}`]: () => [200, { order }], [WINDOWS]: () => [200, windows()], ...handlers })
  renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${scheduled.id}`, user: aBuyer(), clock })
  await screen.findByRole('region', { name: 'Order status' })
  return { server, clock, answerOrder: (next: Order) => (order = next) }
}

const hero = () => within(screen.getByRole('region', { name: 'Order status' }))
const windowCard = () => within(screen.getByRole('region', { name: 'Delivery window' }))

describe('tracking a scheduled order (issue 30)', () => {
  test('before its offers open: its window, and when runners will see it; no countdown until then, which then starts', async () => {
    const { clock } = await openTracking()
    expect(document.querySelector('.tracking-hero__title')?.textContent).toBe('Scheduled')
    expect(document.querySelector('.tracking-hero__window')?.textContent).toBe('Sat 10:00–12:00')
    expect(document.querySelector('.tracking-hero__text')?.textContent).toBe(
      'Runners near Patel Family Grocers will see your order from 8 AM Saturday, 2 hours before your window.',
    )
    expect(hero().queryByText(/left for a runner to accept/)).toBeNull()

    clock.advance(Date.parse(scheduled.offersOpenAt!) - PLACED)
    await waitFor(() => expect(document.querySelector('.tracking-hero__title')?.textContent).toBe('Finding Runner'))
    expect(hero().getByText('Scheduled · Sat 10:00–12:00')).toBeDefined()
    expect(hero().getByText(/left for a runner to accept/).textContent).toContain('30m 00s left')
  })

  test("when runners will see it is told in the store's time zone, as its window is, not the phone's", async () => {
    // 13:00 UTC is 7 AM in Chicago; the phone running the tests keeps its own zone.
    const chicago = aScheduledOrder({ storeTimeZone: 'America/Chicago', scheduledWindow: { ...SATURDAY_WINDOW, label: 'Sat 09:00–11:00' } })
    await openTracking({ [`GET /api/orders/${scheduled.id}`]: () => [200, { order: chicago }] })
    expect(document.querySelector('.tracking-hero__text')?.textContent).toBe(
      'Runners near Patel Family Grocers will see your order from 7 AM Saturday, 2 hours before your window.',
    )
  })

  test('the buyer moves it to another window with the same picker; the answer is shown', async () => {
    const { server } = await openTracking({ [RESCHEDULE]: () => [200, { order: moved }] })
    const moved = aScheduledOrder({ scheduledFor: NOON.start, timeSlot: NOON.label, scheduledWindow: NOON, offersOpenAt: '2026-01-10T15:00:00.000Z' })
    // The hero names the window; the card below only offers to move it.
    expect(hero().getByText('Sat 10:00–12:00')).toBeDefined()
    expect(windowCard().queryByText(/Sat 10:00–12:00/)).toBeNull()
    expect(windowCard().getByText('Until a runner accepts your order, you can move it to another window.')).toBeDefined()
    // Cancelling is offered beside it, as for any order no runner has taken.
    expect(screen.getByRole('button', { name: /^Cancel order/ })).toBeDefined()
    fireEvent.click(windowCard().getByRole('button', { name: 'Change window' }))
    const picker = within(await screen.findByRole('group', { name: 'Choose a new window' }))
    expect(picker.getByRole<HTMLInputElement>('radio', { name: 'Sat 10:00–12:00' }).checked).toBe(true)
    expect(windowCard().getByRole<HTMLButtonElement>('button', { name: 'Move to Sat 10:00–12:00' }).disabled).toBe(true)
    fireEvent.click(picker.getByRole('radio', { name: 'Sat 12:00–14:00' }))
    fireEvent.click(windowCard().getByRole('button', { name: 'Move to Sat 12:00–14:00' }))

    expect(await toasts().findByText('Window Changed')).toBeDefined()
    expect(server.callsTo(RESCHEDULE).map((call) => call.body)).toEqual([{ scheduledFor: NOON.start }])
    expect(hero().getByText('Sat 12:00–14:00')).toBeDefined()
    expect(windowCard().queryByRole('group')).toBeNull()
  })

  test('a window that filled meanwhile (409 WINDOW_FULL): the windows are read again and it says so', async () => {
    await openTracking({ [RESCHEDULE]: () => [409, { message: 'That delivery window is full.', code: 'WINDOW_FULL' }] })
    fireEvent.click(windowCard().getByRole('button', { name: 'Change window' }))
    fireEvent.click(await screen.findByRole('radio', { name: 'Sat 12:00–14:00' }))
    fakeApi({ [WINDOWS]: () => [200, windows(false)], [RESCHEDULE]: () => [409, { message: 'That delivery window is full.', code: 'WINDOW_FULL' }] })
    fireEvent.click(windowCard().getByRole('button', { name: 'Move to Sat 12:00–14:00' }))
    expect((await windowCard().findByRole('alert')).textContent).toBe('Sat 12:00–14:00 just filled. Choose another window.')
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Sat 12:00–14:00 Full' })).disabled).toBe(true)
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Sat 10:00–12:00' }).checked).toBe(true)
  })

  test('a runner accepted meanwhile (409): the server says why, the order is read again, and the window can no longer change', async () => {
    const { answerOrder } = await openTracking({
      [RESCHEDULE]: () => {
        answerOrder(anAcceptedOrder({ scheduledFor: SATURDAY_WINDOW.start, timeSlot: SATURDAY_WINDOW.label, scheduledWindow: SATURDAY_WINDOW }))
        return [409, { message: 'A runner has already accepted this order.', code: 'ORDER_NO_LONGER_AVAILABLE' }]
      },
    })
    fireEvent.click(windowCard().getByRole('button', { name: 'Change window' }))
    fireEvent.click(await screen.findByRole('radio', { name: 'Sat 12:00–14:00' }))
    fireEvent.click(windowCard().getByRole('button', { name: 'Move to Sat 12:00–14:00' }))
    expect(await toasts().findByText('A runner has already accepted this order.')).toBeDefined()
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Delivery window' })).toBeNull())
    expect(hero().getByText('Scheduled · Sat 10:00–12:00')).toBeDefined()
  })

  test('cancelled when no runner accepted in the 30 minutes after offers opened: says so, without a window line or a way to move it', async () => {
    await openTracking({
      [`GET /api/orders/${scheduled.id}`]: () => [
        200,
        { order: aScheduledOrder({ status: 'cancelled', cancelReason: 'expired', paymentStatus: 'cancelled', cancelledAt: scheduled.expiresAt }) },
      ],
    })
    expect(document.querySelector('.tracking-hero__text')?.textContent).toBe(
      'No runner accepted within 30 minutes of being offered your Sat 10:00–12:00 order, so your card hold was released at no cost.',
    )
    expect(hero().queryByText('Scheduled · Sat 10:00–12:00')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Delivery window' })).toBeNull()
  })
})
