import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { deliveryServer, order, orderPath } from '../../testing/delivery-screen'
import { type Answer, fakeApi } from '../../testing/fake-api'
import { followsOrderStreams } from '../../testing/fake-event-source'
import { fakeGeolocation, fakeWakeLock } from '../../testing/fake-geolocation'
import { manualClock } from '../../testing/manual-clock'
import { aDeliveredOrder, aRunner } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { ActiveDeliveryPage } from '../active-delivery'

const events = followsOrderStreams()
let undo: (() => void)[] = []
afterEach(() => {
  for (const remove of undo) remove()
  undo = []
})

/** The store's corner in Edison, and points north of it: 0.0001° of latitude is about 11 m. */
const STORE = { latitude: 40.5187, longitude: -74.4121 }
const north = (meters: number) => STORE.latitude + meters / 111_200

function phone({ permission }: { permission?: PermissionState } = {}) {
  const geo = fakeGeolocation({ permission })
  const wake = fakeWakeLock()
  undo.push(geo.remove, wake.remove)
  return { geo, wake }
}

/** The delivery screen on a clock the test moves, its server keeping each location report (or answering `reportAnswer`). */
async function openWithReports(reportAnswer?: Answer) {
  const clock = manualClock()
  const server = fakeApi({
    [`GET ${orderPath}`]: () => [200, { order }],
    [`POST ${orderPath}/location`]: ({ body }) => reportAnswer ?? [200, { location: { ...body, at: new Date(clock.now()).toISOString() }, kept: true }],
  })
  const reports = () => server.callsTo(`POST ${orderPath}/location`).map((call) => call.body)
  renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${order.id}`, user: aRunner(), clock })
  await screen.findByText('Time to shop')
  return { clock, reports }
}

/** A phone that allowed location on an earlier delivery, on the delivery screen, its first point (at the store) sent. */
async function sharingFromTheStore(reportAnswer?: Answer) {
  const { geo, wake } = phone({ permission: 'granted' })
  const { clock, reports } = await openWithReports(reportAnswer)
  await waitFor(() => expect(geo.watching()).toBe(1))
  geo.moveTo(STORE.latitude, STORE.longitude)
  await waitFor(() => expect(reports()).toHaveLength(1))
  return { geo, wake, clock, reports }
}

const location = () => within(screen.getByRole('region', { name: 'Your location' }))
const settle = () => act(async () => {})

describe('the runner shares their location while the order is on its way', () => {
  test('asks first, saying why and who sees it; then sends the first point at once, at most one every 10 s, and sooner after 50 m', async () => {
    const { geo } = phone()
    const { clock, reports } = await openWithReports()
    location().getByText(
      'Sharing where you are lets the customer follow their groceries. They see it only after you pick up, and only your last point: no history is kept, and it is deleted when the order ends.',
    )
    expect(geo.watchesStarted()).toBe(0)
    fireEvent.click(location().getByRole('button', { name: 'Share My Location' }))
    expect(geo.watching()).toBe(1)
    location().getByText('Finding your location...')

    geo.moveTo(STORE.latitude, STORE.longitude, 8.4)
    await waitFor(() => expect(reports()).toEqual([{ latitude: STORE.latitude, longitude: STORE.longitude, accuracyMeters: 8 }]))
    location().getByText('Sharing your location with the customer until the order ends.')
    location().getByText('Keep Kirana open while you drive.')
    await settle()

    // 20 m on, 3 s later: held back until the 10 s are up, then sent, as the last place the runner was.
    clock.advance(3_000)
    geo.moveTo(north(20), STORE.longitude)
    await settle()
    expect(reports()).toHaveLength(1)
    clock.advance(6_999)
    await settle()
    expect(reports()).toHaveLength(1)
    clock.advance(1)
    await waitFor(() => expect(reports()).toHaveLength(2))
    expect(reports()[1]).toMatchObject({ latitude: north(20) })
    await settle()

    // 80 m from the last one sent, 2 s later: sent at once.
    clock.advance(2_000)
    geo.moveTo(north(100), STORE.longitude)
    await waitFor(() => expect(reports()).toHaveLength(3))
    expect(reports()[2]).toMatchObject({ latitude: north(100) })
    await settle()

    // Two small moves within the 10 s: only the later one is sent, once.
    clock.advance(1_000)
    geo.moveTo(north(105), STORE.longitude)
    clock.advance(1_000)
    geo.moveTo(north(110), STORE.longitude)
    clock.advance(8_000)
    await waitFor(() => expect(reports()).toHaveLength(4))
    expect(reports()[3]).toMatchObject({ latitude: north(110) })
    clock.advance(60_000)
    await settle()
    expect(reports()).toHaveLength(4)
  })

  test('stops when the order is delivered: the watch is cleared, nothing more is sent, and the screen may dim again', async () => {
    const { geo, wake, clock, reports } = await sharingFromTheStore()
    // Granted on an earlier delivery: no second ask.
    expect(location().queryByRole('button', { name: 'Share My Location' })).toBeNull()
    expect(wake.held()).toBe(1)

    const stream = events.latest()!
    stream.open()
    stream.push('order', aDeliveredOrder())
    await screen.findByText('Delivered', { selector: '.delivery-status__title' })
    expect(geo.watching()).toBe(0)
    expect(wake.held()).toBe(0)
    expect(screen.queryByRole('region', { name: 'Your location' })).toBeNull()
    clock.advance(60_000)
    await settle()
    expect(reports()).toHaveLength(1)
  })

  test('stops when the screen closes, and a point held back is never sent', async () => {
    const { geo, wake, clock, reports } = await sharingFromTheStore()
    await settle()
    clock.advance(2_000)
    geo.moveTo(north(10), STORE.longitude)
    cleanup()
    expect(geo.watching()).toBe(0)
    expect(wake.held()).toBe(0)
    clock.advance(60_000)
    await settle()
    expect(reports()).toHaveLength(1)
  })

  test("the server's 409 (the order ended meanwhile) stops the reports", async () => {
    const { geo, clock, reports } = await sharingFromTheStore([
      409,
      { code: 'ORDER_NOT_ACTIVE', message: 'This order is not on its way: its location is no longer reported.' },
    ])
    await settle()
    clock.advance(20_000)
    geo.moveTo(north(200), STORE.longitude)
    clock.advance(20_000)
    await settle()
    expect(reports()).toHaveLength(1)
  })

  test('a refusal is a calm note: the delivery goes on, and nothing is sent', async () => {
    const { geo } = phone()
    const { reports } = await openWithReports()
    fireEvent.click(location().getByRole('button', { name: 'Share My Location' }))
    geo.refuse()
    location().getByText(
      "Location is off for Kirana, and that's fine: the delivery works without it, and the customer still sees each step. To share it, allow location for this site in your browser's settings.",
    )
    expect(location().queryByRole('button', { name: 'Share My Location' })).toBeNull()
    expect(screen.getByRole('button', { name: 'MARK AS PICKED UP' })).toBeDefined()
    expect(reports()).toEqual([])
  })

  test('refused before, on an earlier delivery: the note shows at once and the browser is not asked again', async () => {
    const { geo } = phone({ permission: 'denied' })
    await openWithReports()
    await location().findByText(/^Location is off for Kirana/)
    expect(geo.watchesStarted()).toBe(0)
  })

  test('the screen is kept on while the order is on its way, and asked again when the page comes back into view', async () => {
    const { wake } = phone()
    await openWithReports()
    await waitFor(() => expect(wake.held()).toBe(1))
    wake.dropAll()
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await waitFor(() => expect(wake.held()).toBe(1))
    expect(wake.requested()).toBe(2)
  })
})

// happy-dom's accessible names put a space before the hidden part ('Open in Maps : …'); Chromium's have none (the browser test).
test("'Open in Maps' opens the store and the customer's address in the phone's maps app", async () => {
  deliveryServer()
  renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${order.id}`, user: aRunner() })
  await screen.findByText('Time to shop')
  const store = within(screen.getByRole('region', { name: 'Store' })).getByRole('link', { name: /^Open in Maps ?: Patel Family Grocers$/ })
  expect(store.getAttribute('href')).toBe(
    'https://www.google.com/maps/search/?api=1&query=Patel%20Family%20Grocers%2C%201710%20Oak%20Tree%20Rd%2C%20Edison%2C%20NJ%2008820',
  )
  const home = within(screen.getByRole('region', { name: 'Customer' })).getByRole('link', { name: /^Open in Maps ?: Asha Patel's address$/ })
  expect(home.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Edison%2C%20NJ%2008817')
  expect(home.textContent).toBe("Open in Maps: Asha Patel's address")
})
