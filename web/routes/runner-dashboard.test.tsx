import { describe, expect, test } from 'bun:test'
import { onlineManager } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ORDER_NO_LONGER_AVAILABLE } from '../../modules/orders/contract'
import { MESSAGES } from '../../modules/runner/contract'
import { showLanguage } from '../i18n/language'
import { type Answer, deferred, fakeApi } from '../testing/fake-api'
import { followsOrderStreams } from '../testing/fake-event-source'
import { aBuyer } from '../testing/fixtures'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { anAcceptedOrder, anAvailableOrder, aRunner, SATURDAY_WINDOW, someAvailability, somePreferences, someStats } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { toasts } from '../testing/screen-queries'
import { RunnerDashboardPage } from './runner-dashboard'

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone
const dal = anAvailableOrder({ id: 'offer-dal', storeName: 'Patel Family Grocers' })
const rice = anAvailableOrder({
  id: 'offer-rice',
  storeName: 'Apna Bazar',
  storeArea: 'Iselin',
  distance: 2.25,
  itemCount: 1,
  tip: '10.00',
  estimatedEarnings: '12.00',
  deliveryArea: 'Iselin, NJ 08830',
  timeSlot: '4 PM - 6 PM',
})

type Handlers = Parameters<typeof fakeApi>[0]

/** A runner's server: online, some earnings, no deliveries under way, and the given offers. */
function runnerServer(overrides: Handlers = {}, offers = [dal, rice]) {
  return fakeApi({
    'GET /api/runner/availability': () => [200, someAvailability()],
    'GET /api/runner/stats': () => [200, someStats()],
    'GET /api/runner/preferences': () => [200, somePreferences()],
    'GET /api/orders': () => [200, []],
    'GET /api/orders/pending': () => [200, { orders: offers, online: true, searchedFrom: '08817', radiusMiles: 10, nextCursor: null }],
    ...overrides,
  })
}

/**
 * Opens /runner and waits, inside Testing Library's wait, until every reading it starts
 * (availability, preferences, offers, stats) has answered: one answering later would redraw the
 * screen, and the offers stream's effect would follow, outside act and behind the test's back.
 */
async function openDashboard(user = aRunner(), clock?: ManualClock) {
  const rendered = renderScreen(RunnerDashboardPage, { path: '/runner', user, clock })
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1 })).toBeDefined()
    expect(rendered.queryClient.isFetching()).toBe(0)
  })
  return rendered
}

const offer = (storeName: string) => screen.getByRole('article', { name: storeName })
const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
const stat = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
const onlineSwitch = () => screen.getByRole('switch', { name: 'Online' })

describe('runner dashboard /runner', () => {
  test("greets the runner by first name, or as 'Runner' without one", async () => {
    runnerServer()
    await openDashboard()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ready to earn, Ravi?')
    cleanup()
    await openDashboard(aRunner({ firstName: null }))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ready to earn, Runner?')
  })

  test('in Hindi: the greeting, the sections, the offers and their button are in Hindi; names and amounts stay', async () => {
    runnerServer()
    await showLanguage('hi')
    try {
      await openDashboard()
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ravi, कमाई के लिए तैयार?')
      expect(screen.getByRole('heading', { name: 'मिलने वाले ऑर्डर' })).toBeDefined()
      expect(screen.getByRole('heading', { name: 'आपकी कमाई' })).toBeDefined()
      const card = await screen.findByRole('article', { name: 'Apna Bazar' })
      expect(within(card).getByRole('button', { name: 'ऑर्डर लें' })).toBeDefined()
      expect(fact(card, 'कहाँ पहुँचाना है')).toBe('Iselin, NJ 08830')
      expect(stat('आज की कमाई')).toBe('$12.50')
      expect(stat('अब तक')).toBe('$86.25 9 डिलीवरी से')
    } finally {
      await showLanguage('en')
    }
  })

  test('shows the earnings the API worked out, and no rating', async () => {
    runnerServer()
    await openDashboard()
    await screen.findByText("Today's earnings")
    expect(stat("Today's earnings")).toBe('$12.50')
    expect(stat("Today's deliveries")).toBe('2')
    expect(stat('All time')).toBe('$86.25 from 9 deliveries')
    expect(screen.getByRole('link', { name: 'See earnings and payouts' }).getAttribute('href')).toBe('/earnings')
    // The spec's placeholders ($47, 8 deliveries, 4.9) came from no data, and there are no ratings yet.
    const page = document.body.textContent ?? ''
    for (const invented of ['$47', '4.9', 'Rating', 'rating']) expect(page).not.toContain(invented)
  })

  test('the Online switch saves to the server at once; offline, no orders are offered and the screen says why', async () => {
    const saved = deferred<Answer>()
    let answer = () => saved.promise
    const server = runnerServer({ 'PATCH /api/runner/availability': () => answer() })
    await openDashboard()
    await screen.findByRole('article', { name: dal.storeName })
    expect(onlineSwitch().getAttribute('aria-checked')).toBe('true')

    // The switch moves before the server has answered.
    fireEvent.click(onlineSwitch())
    await waitFor(() => expect(onlineSwitch().getAttribute('aria-checked')).toBe('false'))
    expect(screen.getByText("You're offline")).toBeDefined()
    expect(screen.getByText(/No orders are offered to you while you're offline/)).toBeDefined()
    expect(screen.queryByRole('article')).toBeNull()
    expect(server.callsTo('PATCH /api/runner/availability').map((call) => call.body)).toEqual([{ online: false }])
    saved.resolve([200, someAvailability({ online: false })])
    await waitFor(() => expect(onlineSwitch().getAttribute('aria-checked')).toBe('false'))

    answer = () => Promise.resolve([200, someAvailability()])
    fireEvent.click(onlineSwitch())
    await waitFor(() => expect(server.callsTo('PATCH /api/runner/availability')).toHaveLength(2))
    await screen.findByRole('article', { name: dal.storeName })
    expect(onlineSwitch().getAttribute('aria-checked')).toBe('true')
  })

  test('a refused switch moves back and says so', async () => {
    const refused = deferred<Answer>()
    runnerServer({ 'PATCH /api/runner/availability': () => refused.promise })
    await openDashboard()
    await waitFor(() => expect(onlineSwitch().getAttribute('aria-checked')).toBe('true'))
    fireEvent.click(onlineSwitch())
    await waitFor(() => expect(onlineSwitch().getAttribute('aria-checked')).toBe('false'))
    refused.resolve([500, { message: 'Something went wrong' }])
    await toasts().findByText('Error')
    expect(toasts().getByText('Something went wrong')).toBeDefined()
    expect(onlineSwitch().getAttribute('aria-checked')).toBe('true')
  })

  test("open across the start and the end of the runner's hours: the dashboard reads its availability and offers again at each, and not before", async () => {
    const clock = manualClock()
    const HOUR = 3_600_000
    const starts = new Date(clock.now() + HOUR).toISOString()
    const ends = new Date(clock.now() + 5 * HOUR).toISOString()
    let availability = someAvailability({ online: false, outsideHours: true, nextChange: starts })
    const server = runnerServer({ 'GET /api/runner/availability': () => [200, availability] })
    await openDashboard(aRunner(), clock)
    await screen.findByText(/^Offline outside your hours; online again at .+\. Switch on to work until midnight\.$/)
    expect(screen.queryByRole('article')).toBeNull()

    clock.advance(HOUR - 1)
    expect(server.callsTo('GET /api/runner/availability')).toHaveLength(1)
    availability = someAvailability({ nextChange: ends })
    clock.advance(2_000)
    await screen.findByRole('article', { name: dal.storeName })
    expect(onlineSwitch().getAttribute('aria-checked')).toBe('true')
    expect(server.callsTo('GET /api/runner/availability')).toHaveLength(2)

    availability = someAvailability({ online: false, outsideHours: true, nextChange: new Date(clock.now() + 20 * HOUR).toISOString() })
    clock.advance(4 * HOUR)
    await screen.findByText("You're offline")
    expect(screen.queryByRole('article')).toBeNull()
    expect(onlineSwitch().getAttribute('aria-checked')).toBe('false')
  })

  test('an answer that comes back the same (the server not yet past the change) sets another reading', async () => {
    const clock = manualClock()
    const soon = new Date(clock.now() + 60_000).toISOString()
    const server = runnerServer({ 'GET /api/runner/availability': () => [200, someAvailability({ online: false, outsideHours: true, nextChange: soon })] })
    await openDashboard(aRunner(), clock)
    await screen.findByText(/^Offline outside your hours; online again at .+\. Switch on to work until midnight\.$/)
    clock.advance(61_000)
    await waitFor(() => expect(server.callsTo('GET /api/runner/availability')).toHaveLength(2))
    clock.advance(1_000)
    await waitFor(() => expect(server.callsTo('GET /api/runner/availability')).toHaveLength(3))
  })

  test("tells the server this device's time zone when it differs, so 'today' is the runner's day", async () => {
    const server = runnerServer({
      'GET /api/runner/availability': () => [200, someAvailability({ timeZone: 'Pacific/Kiritimati' })],
      'PATCH /api/runner/availability': ({ body }) => [200, someAvailability({ timeZone: body.timeZone })],
    })
    await openDashboard()
    await waitFor(() => expect(server.callsTo('PATCH /api/runner/availability').map((call) => call.body)).toEqual([{ timeZone: deviceZone }]))
    await waitFor(() => expect(server.callsTo('GET /api/runner/stats')).toHaveLength(2))
  })

  test('each available order shows its store, items, fee plus tip, earnings, store area, time, customer area and distance', async () => {
    const server = runnerServer()
    await openDashboard()
    const card = await screen.findByRole('article', { name: 'Apna Bazar' })
    expect(server.callsTo('GET /api/orders/pending')[0]!.url.searchParams.get('zipCode')).toBe('08817')
    expect(within(card).getByText('3 items (4 units) · 2.3 mi away')).toBeDefined()
    expect(within(card).getByText('$12.00')).toBeDefined()
    expect(within(card).getByText('Est. earnings')).toBeDefined()
    expect(fact(card, 'Platform fee ($2.00) plus tip')).toBe('$2.00 + $10.00')
    expect(fact(card, 'Est. grocery cost (you pay at the store)')).toBe(`$${rice.estimatedGroceryCost}`)
    expect(fact(card, 'Store area')).toBe('Iselin')
    expect(fact(card, 'Deliver to')).toBe('Iselin, NJ 08830')
    expect(fact(card, 'Time')).toBe('4 PM - 6 PM')
    expect(fact(offer(dal.storeName), 'Time')).toBe('ASAP')
    expect(within(card).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/orders/offer-rice?from=runner')
    expect(screen.getByText('2 orders waiting within 10 miles of 08817')).toBeDefined()
    // Nothing of the buyer before acceptance (001 §6).
    expect(card.textContent).not.toContain('1 Main St')
  })

  test("a scheduled order's offer names its window in the store's time", async () => {
    const saturday = anAvailableOrder({
      id: 'offer-saturday',
      storeName: 'Subzi Mandi',
      scheduledFor: SATURDAY_WINDOW.start,
      timeSlot: SATURDAY_WINDOW.label,
      scheduledWindow: SATURDAY_WINDOW,
    })
    runnerServer({}, [saturday])
    await openDashboard()
    expect(fact(await screen.findByRole('article', { name: 'Subzi Mandi' }), 'Time')).toBe('Scheduled · Sat 10:00–12:00')
  })

  test("accepting shows 'Accepting...' on that card only, then opens the delivery", async () => {
    const answer = deferred<Answer>()
    const server = runnerServer({ 'PATCH /api/orders/offer-dal/accept': () => answer.promise })
    await openDashboard()
    const card = await screen.findByRole('article', { name: dal.storeName })
    fireEvent.click(within(card).getByRole('button', { name: 'Accept Order' }))
    const waiting = await within(card).findByRole<HTMLButtonElement>('button', { name: 'Accepting...' })
    expect(waiting.disabled).toBe(true)
    expect(within(offer('Apna Bazar')).getByRole<HTMLButtonElement>('button', { name: 'Accept Order' }).disabled).toBe(false)

    answer.resolve([200, { order: anAcceptedOrder({ id: 'offer-dal' }) }])
    await screen.findByText('Screen at /delivery/offer-dal')
    expect(server.callsTo('PATCH /api/orders/offer-dal/accept')).toHaveLength(1)
  })

  test('offline, Accept Order says it needs a connection at once instead of waiting', async () => {
    const server = runnerServer()
    await openDashboard()
    const card = await screen.findByRole('article', { name: dal.storeName })
    onlineManager.setOnline(false)
    try {
      fireEvent.click(within(card).getByRole('button', { name: 'Accept Order' }))
      await toasts().findByText("You're offline")
      toasts().getByText("Accepting a delivery needs an internet connection. Try again once you're back online.")
      expect(within(card).queryByRole('button', { name: 'Accepting...' })).toBeNull()
      expect(server.callsTo('PATCH /api/orders/offer-dal/accept')).toHaveLength(0)
    } finally {
      onlineManager.setOnline(true)
    }
  })

  test("another runner got there first: 'Order No Longer Available', and the list is fetched again", async () => {
    let offers = [dal, rice]
    const server = runnerServer({
      'GET /api/orders/pending': () => [200, { orders: offers, online: true, searchedFrom: '08817', radiusMiles: 10, nextCursor: null }],
      'PATCH /api/orders/offer-dal/accept': () => {
        offers = [rice]
        return [409, { code: 'ORDER_NO_LONGER_AVAILABLE', message: ORDER_NO_LONGER_AVAILABLE }]
      },
    })
    await openDashboard()
    fireEvent.click(within(await screen.findByRole('article', { name: dal.storeName })).getByRole('button', { name: 'Accept Order' }))
    await toasts().findByText('Order No Longer Available')
    expect(toasts().getByText('Another runner just accepted this order. Refreshing available orders...')).toBeDefined()
    await waitFor(() => expect(screen.queryByRole('article', { name: dal.storeName })).toBeNull())
    expect(server.callsTo('GET /api/orders/pending')).toHaveLength(2)
    expect(screen.getByRole('article', { name: 'Apna Bazar' })).toBeDefined()
  })

  test('a declined card at capture gets its own toast, and the offer is fetched away', async () => {
    const server = runnerServer({ 'PATCH /api/orders/offer-dal/accept': () => [409, { code: 'CAPTURE_FAILED', message: MESSAGES.captureFailed }] })
    await openDashboard()
    fireEvent.click(within(await screen.findByRole('article', { name: dal.storeName })).getByRole('button', { name: 'Accept Order' }))
    await toasts().findByText("Buyer's Card Declined")
    expect(toasts().getByText(MESSAGES.captureFailed)).toBeDefined()
    await waitFor(() => expect(server.callsTo('GET /api/orders/pending')).toHaveLength(2))
  })

  test("other failures toast 'Error' with the server's message, or 'Failed to accept order' without one", async () => {
    let answer: Answer = [503, { code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: MESSAGES.gatewayDown }]
    runnerServer({ 'PATCH /api/orders/offer-dal/accept': () => answer })
    await openDashboard()
    const accept = async () =>
      fireEvent.click(within(await screen.findByRole('article', { name: dal.storeName })).getByRole('button', { name: 'Accept Order' }))
    await accept()
    await toasts().findByText(MESSAGES.gatewayDown)
    expect(toasts().getByText('Error')).toBeDefined()

    answer = new Response('Bad gateway', { status: 502 })
    await accept()
    await toasts().findByText('Failed to accept order')
  })

  test('an unverified phone: a way to verify it, shown before and after a refused accept', async () => {
    runnerServer({
      'PATCH /api/orders/offer-dal/accept': () => [
        403,
        { code: 'PHONE_VERIFICATION_REQUIRED', message: 'Verify your phone number before you accept deliveries.', requiresPhoneVerification: true },
      ],
    })
    await openDashboard(aRunner({ phoneVerified: false, phoneStatus: 'unverified' }))
    expect(screen.getByText('Verify your phone to accept orders')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Verify Phone' }).getAttribute('href')).toBe('/phone-verification')
    fireEvent.click(within(await screen.findByRole('article', { name: dal.storeName })).getByRole('button', { name: 'Accept Order' }))
    await toasts().findByText('Phone Verification Required')
    expect(screen.getByText('Verify your phone to accept orders').closest('[role="alert"]')).not.toBeNull()
  })

  test("nothing waiting: 'You're all caught up!'", async () => {
    runnerServer({}, [])
    await openDashboard()
    await screen.findByText("You're all caught up!")
    expect(screen.getByText('No orders waiting within 10 miles of 08817')).toBeDefined()
  })

  test('Refresh fetches the list again', async () => {
    const server = runnerServer()
    await openDashboard()
    await screen.findByRole('article', { name: dal.storeName })
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(server.callsTo('GET /api/orders/pending')).toHaveLength(2))
  })

  test('Active Deliveries lists only orders accepted or picked up, each opening its delivery', async () => {
    const server = runnerServer({
      'GET /api/orders': () => [
        200,
        [
          anAcceptedOrder({ id: 'shopping', storeName: 'Patel Family Grocers' }),
          anAcceptedOrder({ id: 'on-the-way', storeName: 'Apna Bazar', status: 'picked_up', scheduledWindow: SATURDAY_WINDOW }),
          anAcceptedOrder({ id: 'done', storeName: 'Old Store', status: 'delivered' }),
        ],
      ],
    })
    await openDashboard()
    const section = within(screen.getByRole('region', { name: 'Active Deliveries' }))
    const shopping = await section.findByRole('link', { name: /Patel Family Grocers/ })
    expect(shopping.getAttribute('href')).toBe('/delivery/shopping')
    expect(shopping.textContent).toContain('Runner Assigned')
    expect(shopping.textContent).toContain('To 1 Main St, Edison, NJ 08817')
    expect(shopping.textContent).toContain('Earn $7.00')
    expect(section.getByRole('link', { name: /Apna Bazar/ }).textContent).toContain('Being Delivered')
    // A scheduled delivery names its window; one for as soon as possible says nothing of time.
    expect(section.getByRole('link', { name: /Apna Bazar/ }).textContent).toContain('Scheduled · Sat 10:00–12:00')
    expect(shopping.textContent).not.toContain('Scheduled')
    expect(section.queryByText('Old Store')).toBeNull()
    expect(server.callsTo('GET /api/orders')[0]!.url.searchParams.get('role')).toBe('runner')
  })

  test('someone who only buys is told what runners do and sent to the profile to add the role', async () => {
    const server = fakeApi({})
    await openDashboard(aBuyer())
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deliver with your community')
    expect(screen.getByText(/your account is set up for buying only/)).toBeDefined()
    expect(screen.getByRole('link', { name: 'Add Runner Role in Profile' }).getAttribute('href')).toBe('/profile')
    expect(server.calls.filter((call) => call.path.startsWith('/api/runner') || call.path === '/api/orders/pending')).toEqual([])
  })
})

describe('Available Orders, live', () => {
  const events = followsOrderStreams()

  test('follows the offers stream: an order placed nearby or taken by another runner shows at once, without polling', async () => {
    const server = runnerServer({}, [dal])
    await openDashboard()
    await screen.findByRole('article', { name: 'Patel Family Grocers' })
    const stream = events.latest()!
    expect(stream.url).toBe('/api/orders/pending/events?zipCode=08817')
    stream.open()

    stream.push('offers', { orders: [dal, rice], online: true, searchedFrom: '08817', radiusMiles: 10, nextCursor: null })
    await screen.findByRole('article', { name: 'Apna Bazar' })
    stream.push('offers', { orders: [rice], online: true, searchedFrom: '08817', radiusMiles: 10, nextCursor: null })
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Patel Family Grocers' })).toBeNull())
    expect(server.callsTo('GET /api/orders/pending')).toHaveLength(1)
    expect(screen.queryByText(/We check every/)).toBeNull()
  })

  test('says it checks every minute while the stream is down', async () => {
    runnerServer({}, [])
    await openDashboard()
    events.latest()!.fail()
    expect((await screen.findByText(/New orders near you show up here/)).textContent).toBe('New orders near you show up here. We check every 60 seconds.')
  })
})
