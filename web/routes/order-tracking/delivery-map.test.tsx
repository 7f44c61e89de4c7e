import { afterEach, describe, expect, test } from 'bun:test'
import { act, screen, waitFor, within } from '@testing-library/react'
import type { Order } from '../../../modules/orders/contract'
import { showLanguage } from '../../i18n/language'
import { fakeApi } from '../../testing/fake-api'
import { followsOrderStreams } from '../../testing/fake-event-source'
import { aBuyer, aStore } from '../../testing/fixtures'
import { manualClock } from '../../testing/manual-clock'
import { openTracking } from '../../testing/open-tracking'
import { aDeliveredOrder, anAcceptedOrder, aPickedUpOrder } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { OrderTrackingPage } from '../order-tracking'

// 7:30 PM in Edison, where the test store is; the runner's last point came 20 s before.
const NOW = Date.parse('2026-01-06T00:30:00.000Z')
const seconds = (count: number) => new Date(NOW + count * 1000).toISOString()
const onTheWay = (overrides: Partial<Order> = {}) =>
  aPickedUpOrder({
    runnerLocation: { latitude: 40.55, longitude: -74.37, accuracyMeters: 12, at: seconds(-20) },
    eta: { minutes: 12, at: '2026-01-06T00:42:00.000Z' },
    ...overrides,
  })
// The map's pieces the screen asks for: the store's place, and no tiles (the default).
const MAP_REQUESTS: Parameters<typeof fakeApi>[0] = {
  'GET /api/stores/store-patel': () => [200, aStore()],
  'GET /api/tracking/map': () => [200, { tileUrl: null, attribution: null }],
}

const events = followsOrderStreams()
const open = (order: Order) => openTracking(order, manualClock(NOW), MAP_REQUESTS)
const mapRegion = () => screen.findByRole('region', { name: 'Map of your delivery' })
/** The map's labels, in the order drawn: the store, the home, then the runner. */
const labels = () => [...document.querySelectorAll('.delivery-map__label')].map((label) => label.textContent)
const words = () => document.querySelector('.delivery-map__words')?.textContent

afterEach(async () => {
  await act(() => showLanguage('en'))
})

describe("the buyer's map of an order on its way (issue 40)", () => {
  test('after pick-up: a region named for the map, with the arrival in words and that it is an estimate', async () => {
    await open(onTheWay())
    const region = within(await mapRegion())
    expect(region.getByText('Arriving in about 12 min (7:42 PM)')).toBeDefined()
    expect(region.getByText('An estimate from the distance and what is left to shop; traffic can change it.')).toBeDefined()
    // A fresh point needs no age.
    expect(region.queryByText(/Location last updated/)).toBeNull()
  })

  test('with no tile server: the three points with their labels and a scale, on a plain background, and no request but our own', async () => {
    const { server } = await open(onTheWay())
    await waitFor(() =>
      expect(labels()).toEqual(['Patel Family Grocers1710 Oak Tree Rd, Edison, NJ 08820', 'Your home1 Main St, Edison, NJ 08817', 'Your runner']),
    )
    expect(document.querySelector('.leaflet-control-scale')).not.toBeNull()
    expect(document.querySelector('.leaflet-tile-pane img, .leaflet-control-attribution')).toBeNull()
    expect(server.calls.every((call) => call.url.origin === 'http://localhost:3000' && call.path.startsWith('/api/'))).toBe(true)
  })

  test('before pick-up: the runner is shopping at the store, and their point is not shown', async () => {
    await open(anAcceptedOrder({ runnerLocation: null, eta: { minutes: 25, at: '2026-01-06T00:55:00.000Z' } }))
    const region = within(await mapRegion())
    expect(region.getByText('Shopping at Patel Family Grocers')).toBeDefined()
    expect(region.getByText('Arriving in about 25 min (7:55 PM)')).toBeDefined()
    await waitFor(() => expect(labels()).toEqual(['Patel Family Grocers1710 Oak Tree Rd, Edison, NJ 08820', 'Your home1 Main St, Edison, NJ 08817']))
  })

  test('a point older than 2 minutes says how old it is, as the clock moves on with no new point', async () => {
    const { clock } = await open(onTheWay())
    await mapRegion()
    clock.advance(100_000) // 2 min exactly since the point: still fresh
    expect(words()).not.toContain('Location last updated')
    clock.advance(1_000)
    await waitFor(() => expect(words()).toContain('Location last updated 2 min ago'))
    clock.advance(60_000)
    await waitFor(() => expect(words()).toContain('Location last updated 3 min ago'))
  })

  test("the order's stream moves the line: a new point and ETA replace the old, with no poll", async () => {
    const { server } = await open(onTheWay())
    await mapRegion()
    const stream = events.latest()!
    stream.open()
    const asked = server.callsTo('GET /api/orders/order-00000000-1234abcd').length
    stream.push(
      'order',
      onTheWay({
        runnerLocation: { latitude: 40.53, longitude: -74.39, accuracyMeters: 10, at: seconds(0) },
        eta: { minutes: 6, at: '2026-01-06T00:36:00.000Z' },
      }),
    )
    await waitFor(() => expect(words()).toContain('Arriving in about 6 min (7:36 PM)'))
    expect(server.callsTo('GET /api/orders/order-00000000-1234abcd')).toHaveLength(asked)
  })

  test('with no ETA (the home has no place on the map) the line still says so', async () => {
    await open(onTheWay({ eta: null }))
    expect(within(await mapRegion()).getByText('Arrival time not known yet')).toBeDefined()
  })

  test("in Hindi: the map's name, the arrival and the stale point in its words, the time in Latin digits", async () => {
    await act(() => showLanguage('hi'))
    const clock = manualClock(NOW)
    const order = onTheWay()
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }], ...MAP_REQUESTS })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer(), clock })
    const region = within(await screen.findByRole('region', { name: 'आपकी डिलीवरी का नक्शा' }))
    expect(region.getByText('लगभग 12 मिनट में पहुँचेंगे (7:42 pm)')).toBeDefined()
    clock.advance(4 * 60_000)
    await waitFor(() => expect(words()).toContain('लोकेशन 4 मिनट पहले अपडेट हुई'))
  })

  test('an ended order has no map', async () => {
    await openTracking(aDeliveredOrder(), manualClock(NOW), MAP_REQUESTS)
    expect(screen.queryByRole('region', { name: 'Map of your delivery' })).toBeNull()
  })
})
