import { afterEach, describe, expect, test } from 'bun:test'
import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { type CancelReason, NO_SHOW_AFTER_MS, type Order } from '../../modules/orders/contract'
import type { Problem } from '../../modules/trust/contract'
import { showLanguage } from '../i18n/language'
import { formatMoment } from '../lib/format-time'
import { fakeApi } from '../testing/fake-api'
import { followsOrderStreams } from '../testing/fake-event-source'
import { aBuyer } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { openTracking } from '../testing/open-tracking'
import { aDeliveredOrder, anAcceptedOrder, anOrder, anOrderItem, aPickedUpOrder, aRunner, partlyRefunded, TWO_REFUNDS } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { OrderTrackingPage } from './order-tracking'

const placed = anOrder()
const accepted = anAcceptedOrder()
const pickedUp = aPickedUpOrder()
const delivered = aDeliveredOrder()

const hero = () => within(screen.getByRole('region', { name: 'Order status' }))
const heroTitle = () => document.querySelector('.tracking-hero__title')?.textContent
const steps = () =>
  Array.from(document.querySelectorAll('.timeline__step')).map((step) => [
    step.querySelector('.timeline__label')?.textContent,
    step.querySelector('.timeline__time')?.textContent ?? null,
  ])
const at = (iso: string) => formatMoment(iso, Date.parse(placed.createdAt))
const phoneLinks = () => Array.from(document.querySelectorAll('a[href^="tel:"]'))

const events = followsOrderStreams()

describe('order tracking /order/{id}', () => {
  test('waiting for a runner: the hold counts down, and no contact details are shown yet', async () => {
    const { clock } = await openTracking(placed)
    expect(heroTitle()).toBe('Finding Runner')
    expect(hero().getByText("We're looking for a runner near Patel Family Grocers.")).toBeDefined()
    expect(document.querySelector('.tracking-hero__countdown')?.textContent).toBe(
      '30m 00s left for a runner to accept. If none does, your card hold is released at no cost.',
    )
    clock.advance(61_000)
    expect(document.querySelector('.tracking-hero__clock')?.textContent).toBe('28m 59s')

    expect(steps()).toEqual([
      ['Completed: Order Placed', at(placed.createdAt)],
      ['In progress: Waiting for a runner', null],
      ['Not yet: Runner found, shopping in progress', null],
      ['Not yet: Items picked up', null],
      ['Not yet: Out for delivery', null],
      ['Not yet: Delivered', null],
    ])
    expect(screen.getByText(`If no runner accepts by ${at(placed.expiresAt)}, your card hold is released at no cost.`)).toBeDefined()
    expect(document.querySelector('[aria-current="step"]')?.textContent).toContain('Waiting for a runner')

    const runner = within(screen.getByRole('region', { name: 'Your Runner' }))
    expect(runner.getByText('No runner yet')).toBeDefined()
    expect(phoneLinks()).toEqual([])

    clock.advance(29 * 60_000)
    expect(document.querySelector('.tracking-hero__countdown')?.textContent).toBe('No runner accepted in time, so your card hold is being released at no cost.')
  })

  test("runner found: the runner's real name and a number to call, with no invented rating or delivery count", async () => {
    await openTracking(accepted)
    expect(heroTitle()).toBe('Runner Found')
    expect(hero().getByText('Ravi is shopping for your order at Patel Family Grocers.')).toBeDefined()
    const runner = within(screen.getByRole('region', { name: 'Your Runner' }))
    expect(runner.getByText('Ravi Kumar')).toBeDefined()
    expect(runner.getByRole('link', { name: 'Call Ravi, (732) 555-0150' }).getAttribute('href')).toBe('tel:+17325550150')
    const card = screen.getByRole('region', { name: 'Your Runner' }).textContent ?? ''
    for (const invented of ['4.9', '127', 'rating', 'deliveries']) expect(card).not.toContain(invented)

    // The buyer is not shown a card of their own name, address and phone.
    expect(screen.queryByRole('region', { name: 'Customer' })).toBeNull()
    expect(steps().slice(1, 3)).toEqual([
      ['Completed: Waiting for a runner', null],
      ['In progress: Runner found, shopping in progress', at(accepted.acceptedAt!)],
    ])
  })

  test('the runner looking at the tracking page sees the Customer card: who and where', async () => {
    fakeApi({ [`GET /api/orders/${accepted.id}`]: () => [200, { order: accepted }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${accepted.id}`, user: aRunner({ id: accepted.runnerId! }) })
    const customer = within(await screen.findByRole('region', { name: 'Customer' }))
    expect(customer.getByText('Asha Patel')).toBeDefined()
    expect(customer.getByText('Ring the bell twice')).toBeDefined()
  })

  test("each line says the buyer's own out-of-stock choice while the runner shops", async () => {
    const choices: Order = {
      ...accepted,
      items: [
        anOrderItem({ id: 'a', name: 'Toor Dal (4 lb)', substitutionPreference: 'contact_me' }),
        anOrderItem({ id: 'b', name: 'Paneer (14 oz)', substitutionPreference: 'best_match' }),
        anOrderItem({ id: 'c', name: 'Curry Leaves', substitutionPreference: 'skip' }),
        anOrderItem({ id: 'd', name: 'Okra', substitutionPreference: 'skip', state: 'found', isDelivered: true }),
      ],
    }
    await openTracking(choices)
    const line = (name: string) => screen.getByText(name, { selector: '.tracking-item__name' }).closest('li')!
    within(line('Toor Dal (4 lb)')).getByText('If out of stock: ask me before replacing')
    within(line('Paneer (14 oz)')).getByText('If out of stock: replace with the best match')
    within(line('Curry Leaves')).getByText("If out of stock: skip it, I don't pay for it")
    expect(line('Okra').textContent).not.toContain('If out of stock')
  })

  test('out for delivery: picked up at its time, the road still to go', async () => {
    await openTracking(pickedUp)
    expect(heroTitle()).toBe('Out for Delivery')
    expect(hero().getByText('Ravi has your groceries and is on the way.')).toBeDefined()
    expect(steps().slice(2)).toEqual([
      ['Completed: Runner found, shopping in progress', at(accepted.acceptedAt!)],
      ['Completed: Items picked up', at(pickedUp.pickedUpAt!)],
      ['In progress: Out for delivery', at(pickedUp.pickedUpAt!)],
      ['Not yet: Delivered', null],
    ])
    // Known from pick-up on: the line the store did not have.
    expect(screen.getByText('Curry Leaves').closest('li')?.textContent).toContain('Not available at store')
  })

  test('delivered: every step done with its time, and the items split into delivered and not delivered', async () => {
    await openTracking(delivered)
    expect(heroTitle()).toBe('Delivered')
    expect(hero().getByText(`Delivered at ${at(delivered.deliveredAt!)}. Enjoy your groceries!`)).toBeDefined()
    expect(steps().every(([label]) => label?.startsWith('Completed: '))).toBe(true)
    expect(steps().at(-1)).toEqual(['Completed: Delivered', at(delivered.deliveredAt!)])
    expect(document.querySelector('[aria-current="step"]')).toBeNull()

    const shipped = within(screen.getByRole('list', { name: 'Delivered (2)' }))
    expect(shipped.getAllByRole('listitem').map((item) => item.querySelector('.tracking-item__name')?.textContent)).toEqual([
      'Toor Dal (4 lb)',
      'Okra (Bhindi)',
    ])
    const missing = within(screen.getByRole('list', { name: 'Not Delivered (1)' }))
    expect(missing.getByRole('listitem').textContent).toContain('Curry Leaves')
    expect(missing.getByRole('listitem').textContent).toContain('Not available at store')
    expect(screen.getByText(/Grocery total from the store receipt/).textContent).toBe('Grocery total from the store receipt: $18.75, paid to Ravi at the door.')
  })

  const reasons: [CancelReason, string][] = [
    ['expired', 'No runner accepted within 30 minutes, so your card hold was released at no cost.'],
    ['buyer', 'You cancelled this order, so your card hold was released at no cost.'],
    ['capture_failed', 'A runner accepted, but your card was declined when it was charged, so the order was cancelled. You have not been charged.'],
    ['support', 'Our support team cancelled this order and released your card hold at no cost.'],
  ]
  for (const [reason, explanation] of reasons) {
    test(`cancelled (${reason}): says why, and when`, async () => {
      const cancelledAt = '2026-01-05T10:30:00.000Z'
      await openTracking(
        anOrder({ status: 'cancelled', cancelReason: reason, cancelledAt, paymentStatus: reason === 'capture_failed' ? 'capture_failed' : 'cancelled' }),
      )
      expect(heroTitle()).toBe('Cancelled')
      expect(hero().getByText(explanation)).toBeDefined()
      expect(steps()).toEqual([
        ['Completed: Order Placed', at(placed.createdAt)],
        ['Completed: Waiting for a runner', null],
        ['Cancelled: Cancelled', at(cancelledAt)],
      ])
      expect(screen.getByText(explanation, { selector: '.timeline__detail' })).toBeDefined()
      expect(screen.queryByRole('region', { name: 'Your Runner' })).toBeNull()
      expect(document.querySelector('.tracking-hero__countdown')).toBeNull()
    })
  }

  test('a runner accepting shows at once from the live stream, read out by the status region', async () => {
    const { server } = await openTracking(placed)
    const stream = events.latest()!
    expect(stream.url).toBe(`/api/orders/${placed.id}/events`)
    expect(screen.getByText('Connecting...')).toBeDefined()
    stream.open()
    expect(screen.getByText('Live')).toBeDefined()

    stream.push('order', accepted)
    expect(heroTitle()).toBe('Runner Found')
    expect(hero().getByRole('status').textContent).toContain('Runner Found')
    expect(within(screen.getByRole('region', { name: 'Your Runner' })).getByText('Ravi Kumar')).toBeDefined()
    expect(server.callsTo(`GET /api/orders/${placed.id}`)).toHaveLength(1)

    stream.fail()
    expect(screen.getByText('Reconnecting...')).toBeDefined()
  })

  test("the 'Payment' card: the fee, tip and total, then each refund as the stream brings it, with the total refunded", async () => {
    const { server } = await openTracking(delivered)
    const payment = () => within(screen.getByRole('region', { name: 'Payment' }))
    const sum = (term: string) => payment().getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect([sum('Platform fee'), sum('Tip'), sum('Total')]).toEqual(['$2.00', '$5.00', '$7.00'])
    expect(payment().getByText('$7.00 charged to your card when your runner accepted.')).toBeDefined()
    const stream = events.latest()!
    stream.open()

    stream.push('order', partlyRefunded(delivered, TWO_REFUNDS.slice(0, 1)))
    expect(payment().getByText(/^Refunded to your card/).textContent).toBe('Refunded to your card: $1.00')
    stream.push('order', partlyRefunded(delivered))
    expect(payment().getByText(/^Refunded to your card/).textContent).toBe('Refunded to your card: $3.50')
    const lines = within(payment().getByRole('list', { name: 'Refunds' })).getAllByRole('listitem')
    expect(lines.map((line) => [line.querySelector('.refund-line__amount')?.textContent, line.querySelector('.refund-line__reason')?.textContent])).toEqual([
      ['$1.00', 'bruised mangoes'],
      ['$2.50', 'For a problem report: Very late'],
    ])
    expect(server.callsTo(`GET /api/orders/${delivered.id}`)).toHaveLength(1)
  })

  test('a problem resolved while the page is open shows as resolved: its reports are read again on the order event', async () => {
    const problem: Problem = {
      id: 'problem-1',
      orderId: delivered.id,
      kind: 'late',
      details: 'Two hours late',
      reportedBy: 'buyer',
      status: 'open',
      resolution: null,
      refund: null,
      photoUrl: null,
      createdAt: '2026-01-05T10:55:00.000Z',
      resolvedAt: null,
    }
    let current: Problem = problem
    const clock = manualClock(Date.parse(delivered.deliveredAt!))
    const { server } = await openTracking(delivered, clock, { [`GET /api/orders/${delivered.id}/problems`]: () => [200, { problems: [current] }] })
    await screen.findByText('Open', { selector: '.problem-line__status' })
    events.latest()!.open()
    current = { ...problem, status: 'resolved', resolution: 'Tip refunded', refund: { amount: '5.00' }, resolvedAt: '2026-01-05T11:30:00.000Z' }
    events.latest()!.push('order', { ...delivered, updatedAt: '2026-01-05T11:30:00.000Z' })
    expect(await screen.findByText('Support: Tip refunded')).toBeDefined()
    expect(screen.getByText('Refunded $5.00 to the card')).toBeDefined()
    expect(server.callsTo(`GET /api/orders/${delivered.id}/problems`)).toHaveLength(2)
  })

  test("the badge says 'Offline', not 'Live', while the device has no network, and 'Live' again once it is back", async () => {
    await openTracking(placed)
    events.latest()!.open()
    expect(screen.getByText('Live')).toBeDefined()
    try {
      act(() => onlineManager.setOnline(false))
      expect(screen.queryByText('Live')).toBeNull()
      expect(screen.getByText('Offline')).toBeDefined()
      expect(screen.getByText("Offline: this is the order as last loaded, and it updates once you're back online")).toBeDefined()
    } finally {
      act(() => onlineManager.setOnline(true))
    }
    expect(screen.getByText('Live')).toBeDefined()
  })

  test("a missing order reads 'Order not found', with the way to every order", async () => {
    fakeApi({ 'GET /api/orders/gone': () => [404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: '/order/gone', user: aBuyer() })
    await screen.findByText('Order not found')
    expect(screen.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/orders')
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe('/orders')
  })
})

describe('cancelling from tracking', () => {
  test('while the order waits, Cancel asks first and cancels it', async () => {
    const { server } = await openTracking(placed, undefined, {
      [`POST /api/orders/${placed.id}/cancel`]: () => [200, { order: { ...placed, status: 'cancelled', cancelReason: 'buyer', paymentStatus: 'cancelled' } }],
    })
    fireEvent.click(screen.getByRole('button', { name: /^Cancel order #/ }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }))
    await waitFor(() => expect(heroTitle()).toBe('Cancelled'))
    expect(server.callsTo(`POST /api/orders/${placed.id}/cancel`)).toHaveLength(1)
    expect(screen.queryByRole('region', { name: 'Cancel order' })).toBeNull()
  })

  test("a runner who accepted but never came: the minutes left from the accept, then 'Cancel — runner never came'", async () => {
    const acceptedAt = Date.parse(accepted.acceptedAt!)
    const { clock } = await openTracking(accepted, manualClock(acceptedAt + 60_000), {
      // The server's clock disagrees: its 409 says how long is left, and that is what is shown.
      [`POST /api/orders/${accepted.id}/cancel`]: () => [
        409,
        { code: 'TOO_EARLY_TO_CANCEL', message: 'You can cancel for a full refund in 3 minutes.', minutesLeft: 3 },
      ],
    })
    const noShow = () => within(screen.getByRole('region', { name: 'Runner never came' }))
    // Past the hour in hours and minutes, never '119 minutes'.
    noShow().getByText(/in 1 hour 59 minutes, you can cancel here for a full refund of the \$7\.00 you paid/)
    expect(noShow().getByRole<HTMLButtonElement>('button', { name: 'Cancel — runner never came' }).disabled).toBe(true)
    clock.advance(59 * 60_000)
    await waitFor(() => noShow().getByText(/in 1 hour, you can cancel here/))
    clock.advance(30 * 60_000)
    await waitFor(() => noShow().getByText(/in 30 minutes, you can cancel here/))

    clock.advance(NO_SHOW_AFTER_MS - 90 * 60_000)
    await waitFor(() => expect(noShow().getByRole<HTMLButtonElement>('button', { name: 'Cancel — runner never came' }).disabled).toBe(false))
    fireEvent.click(noShow().getByRole('button', { name: 'Cancel — runner never came' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel — runner never came?' })).getByRole('button', { name: 'Cancel Order' }))
    await waitFor(() => noShow().getByText(/in 3 minutes, you can cancel here/))
    expect(noShow().getByRole<HTMLButtonElement>('button', { name: 'Cancel — runner never came' }).disabled).toBe(true)
  })

  test('nothing to cancel once the runner picked up, or for someone who is not the buyer', async () => {
    await openTracking(pickedUp, manualClock(Date.parse(accepted.acceptedAt!) + NO_SHOW_AFTER_MS))
    expect(screen.queryByRole('region', { name: 'Runner never came' })).toBeNull()
    cleanup()
    fakeApi({ [`GET /api/orders/${placed.id}`]: () => [200, { order: { ...placed, buyerId: 'someone-else' } }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${placed.id}`, user: aBuyer(), clock: manualClock(Date.parse(placed.createdAt)) })
    await screen.findByRole('region', { name: 'Order status' })
    expect(screen.queryByRole('region', { name: 'Cancel order' })).toBeNull()
  })
})

test('the items are counted as everywhere else: lines, and units when they differ', async () => {
  await openTracking(placed)
  screen.getByRole('heading', { level: 2, name: '3 items (4 units)' })
})

test('when the runner found nothing, the order reads cancelled, not out for delivery: refunded in full, nothing to pay or confirm', async () => {
  const cancelledAt = '2026-01-05T10:30:00.000Z'
  const nothing: Order = {
    ...accepted,
    status: 'cancelled',
    cancelReason: 'nothing_found',
    cancelledAt,
    paymentStatus: 'refunded',
    refundedAmount: '7.00',
    items: accepted.items.map((item) => ({ ...item, state: 'not_found', isDelivered: false })),
  }
  await openTracking(nothing)
  const explanation =
    "Your runner couldn't find any of your items at Patel Family Grocers, so the order was cancelled and you owe nothing for groceries. The fee and tip are refunded to your card in full."
  expect(heroTitle()).toBe('Cancelled')
  hero().getByText(explanation)
  expect(screen.getByText(explanation, { selector: '.timeline__detail' })).toBeDefined()
  expect(steps().map(([label]) => label)).toEqual(['Completed: Order Placed', 'Completed: Waiting for a runner', 'Cancelled: Cancelled'])
  expect(screen.queryByRole('region', { name: 'Receipt and total' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Confirm Total' })).toBeNull()
})

describe('order tracking in Hindi', () => {
  afterEach(async () => {
    await act(() => showLanguage('en'))
  })

  test("the title, the status, the runner's card and the payment are in Hindi; the store's and runner's names and the amounts stay", async () => {
    await act(() => showLanguage('hi'))
    fakeApi({ [`GET /api/orders/${accepted.id}`]: () => [200, { order: accepted }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${accepted.id}`, user: aBuyer(), clock: manualClock(Date.parse(placed.createdAt)) })
    expect(await screen.findByRole('heading', { level: 1, name: 'ऑर्डर ट्रैक करें' })).toBeDefined()
    const status = within(await screen.findByRole('region', { name: 'ऑर्डर की स्थिति' }))
    expect(heroTitle()).toBe('रनर मिल गया')
    expect(status.getByText('Ravi Patel Family Grocers में आपका सामान ख़रीद रहे हैं।')).toBeDefined()
    expect(screen.getByRole('region', { name: 'आपका रनर' })).toBeDefined()
    const payment = within(screen.getByRole('region', { name: 'भुगतान' }))
    expect(payment.getByText('प्लेटफ़ॉर्म फ़ीस', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$2.00')
    expect(screen.getByRole('link', { name: 'मेरे ऑर्डर पर वापस' }).getAttribute('href')).toBe('/orders')
  })
})
