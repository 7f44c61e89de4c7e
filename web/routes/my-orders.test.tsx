import { afterEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Order } from '../../modules/orders/contract'
import { readCart } from '../features/cart/cart-storage'
import { showLanguage } from '../i18n/language'
import { type Answer, deferred, fakeApi } from '../testing/fake-api'
import { aBuyer, anItem } from '../testing/fixtures'
import { anOrder, aScheduledOrder, partlyRefunded, refundedInFull } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { toasts } from '../testing/screen-queries'
import { MyOrdersPage } from './my-orders'

const waiting = anOrder({ id: '11111111-1111-4111-8111-0000waiting1' })
const delivered = anOrder({
  id: '22222222-2222-4222-8222-000delivered',
  status: 'delivered',
  paymentStatus: 'captured',
  tip: '2.00',
  totalAmount: '4.00',
  runnerId: 'runner-9',
  runnerFirstName: 'Ravi',
  runnerLastName: 'Kumar',
})
const delivery = anOrder({
  id: '33333333-3333-4333-8333-0000delivery',
  status: 'picked_up',
  buyerId: 'someone-else',
  runnerId: 'user-1',
  tip: '10.00',
  totalAmount: '12.00',
  earnings: { amount: '12.00', status: 'expected' },
})

const both = aBuyer({ roles: ['buyer', 'runner'] })
const card = (title: string) => screen.getByRole('article', { name: title })
const fact = (article: HTMLElement, term: string) => within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

function ordersServer({ purchases = [waiting, delivered], deliveries = [delivery] }: { purchases?: Order[]; deliveries?: Order[] } = {}) {
  return fakeApi({ 'GET /api/orders': ({ url }) => [200, url.searchParams.get('role') === 'runner' ? deliveries : purchases] })
}

describe('My Orders /orders', () => {
  test("a loading skeleton, then a buyer's purchases: number, date, status, store, items, runner, fee and tip", async () => {
    const answer = deferred<Answer>()
    fakeApi({ 'GET /api/orders': () => answer.promise })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    expect(await screen.findByText('Loading orders...')).toBeDefined()
    expect(document.querySelectorAll('.order-card--skeleton')).toHaveLength(3)
    await act(async () => answer.resolve([200, [waiting, delivered]]))

    const first = await screen.findByRole('article', { name: 'Order #WAITING1' })
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(within(first).getByText('Finding Runner')).toBeDefined()
    expect(within(first).getByText('Patel Family Grocers')).toBeDefined()
    expect(within(first).getByText('· 3 items (4 units)')).toBeDefined()
    expect(within(first).getByRole('time').getAttribute('datetime')).toBe(waiting.createdAt)
    expect(fact(first, 'Runner')).toBe('Waiting for a runner')
    expect(fact(first, 'Platform fee')).toBe('$2.00')
    expect(fact(first, 'Tip')).toBe('$5.00')
    expect(
      within(first)
        .getByRole('link', { name: /^View Details/ })
        .getAttribute('href'),
    ).toBe(`/orders/${waiting.id}`)
    expect(
      within(first)
        .getByRole('link', { name: /^Track/ })
        .getAttribute('href'),
    ).toBe(`/order/${waiting.id}`)
    expect(within(first).getByRole('button', { name: /^Cancel/ })).toBeDefined()

    const second = card('Order #ELIVERED')
    expect(within(second).getByText('Delivered')).toBeDefined()
    expect(fact(second, 'Runner')).toBe('Ravi K.')
    expect(within(second).queryByRole('button', { name: /^Cancel/ })).toBeNull()
  })

  test("a scheduled purchase names its window in the store's time; an ASAP one has no such line", async () => {
    ordersServer({ purchases: [aScheduledOrder({ id: '22222222-2222-4222-8222-0000saturday' }), waiting] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    expect(fact(await screen.findByRole('article', { name: 'Order #SATURDAY' }), 'Delivery')).toBe('Scheduled · Sat 10:00–12:00')
    expect(within(card('Order #WAITING1')).queryByText('Delivery', { selector: 'dt' })).toBeNull()
  })

  test('a cancelled order that was charged says what was refunded, never that it was paid', async () => {
    ordersServer({ purchases: [refundedInFull(delivered, 'runner_no_show')] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    const article = await screen.findByRole('article', { name: 'Order #ELIVERED' })
    expect(fact(article, 'Payment')).toBe('Refunded $4.00.')
    expect(within(article).queryByText('Tip', { selector: 'dt' })).toBeNull()
  })

  test('a partly refunded purchase shows the fee and tip, the total refunded and each refund with its reason and time', async () => {
    ordersServer({ purchases: [partlyRefunded(delivered)] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    const article = await screen.findByRole('article', { name: 'Order #ELIVERED' })
    expect(fact(article, 'Tip')).toBe('$2.00')
    expect(within(article).getByText(/^Refunded to your card/).textContent).toBe('Refunded to your card: $3.50')
    const lines = within(within(article).getByRole('list', { name: 'Refunds' })).getAllByRole('listitem')
    expect(lines.map((line) => line.querySelector('.refund-line__amount')?.textContent)).toEqual(['$1.00', '$2.50'])
    expect(lines[1]!.textContent).toContain('For a problem report: Very late')
    expect(lines[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-05T11:00:00.000Z')
  })

  test("a runner's delivery refunded in full earns $0.00, and one they gave up shows no fee or tip as earned", async () => {
    const refunded = { ...delivery, status: 'delivered' as const, refundedAmount: '12.00', earnings: { amount: '0.00', status: 'pending' as const } }
    const released = {
      ...delivery,
      id: '44444444-4444-4444-8444-0000released',
      status: 'cancelled' as const,
      cancelReason: 'runner_released' as const,
      earnings: { amount: '0.00', status: 'none' as const },
    }
    ordersServer({ deliveries: [refunded, released] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer({ roles: ['runner'] }) })
    const full = await screen.findByRole('article', { name: 'Delivery #DELIVERY' })
    expect(fact(full, 'Your Earnings')).toBe('$0.00pending')
    const givenUp = card('Delivery #RELEASED')
    expect(fact(givenUp, 'Your Earnings')).toBe('$0.00none: the order was cancelled')
    expect(within(givenUp).queryByText('Platform fee', { selector: 'dt' })).toBeNull()
  })

  test("no orders: 'No orders yet' and 'Start Shopping' to /store-search", async () => {
    ordersServer({ purchases: [] })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    expect(await screen.findByText('No orders yet')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/store-search')
  })

  test("a list that will not load says 'Failed to fetch orders' and can be tried again", async () => {
    let fail = true
    fakeApi({ 'GET /api/orders': () => (fail ? [500, { message: 'boom' }] : [200, []]) })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    await screen.findByText('Failed to fetch orders')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('No orders yet')).toBeDefined()
  })

  test("a runner sees only their deliveries: 'Delivery #', 'Platform fee' and 'Your Earnings' (the server's figure)", async () => {
    const api = ordersServer()
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer({ roles: ['runner'] }) })
    const article = await screen.findByRole('article', { name: 'Delivery #DELIVERY' })
    expect(fact(article, 'Platform fee')).toBe('$2.00')
    expect(fact(article, 'Your Earnings')).toBe('$12.00once delivered')
    expect(within(article).queryByRole('button', { name: /^Cancel/ })).toBeNull()
    expect(api.calls.map((call) => call.url.search)).toEqual(['?role=runner'])
  })

  test("buyers who also deliver get 'My Purchases' and 'My Deliveries' tabs, moved between with the arrow keys", async () => {
    ordersServer()
    const { router } = renderScreen(MyOrdersPage, { path: '/orders', user: both })
    const purchases = await screen.findByRole('tab', { name: 'My Purchases' })
    const deliveries = screen.getByRole('tab', { name: 'My Deliveries' })
    expect(purchases.getAttribute('aria-selected')).toBe('true')
    expect(deliveries.tabIndex).toBe(-1)
    await screen.findByRole('article', { name: 'Order #WAITING1' })
    expect(screen.getByRole('tabpanel', { name: 'My Purchases' })).toBeDefined()

    purchases.focus()
    fireEvent.keyDown(purchases, { key: 'ArrowRight' })
    await waitFor(() => expect(deliveries.getAttribute('aria-selected')).toBe('true'))
    expect(document.activeElement).toBe(deliveries)
    expect(router.state.location.search).toEqual({ tab: 'deliveries' })
    const panel = screen.getByRole('tabpanel', { name: 'My Deliveries' })
    expect(within(panel).getByRole('article', { name: 'Delivery #DELIVERY' })).toBeDefined()

    fireEvent.keyDown(deliveries, { key: 'ArrowRight' })
    await waitFor(() => expect(purchases.getAttribute('aria-selected')).toBe('true'))
    fireEvent.keyDown(purchases, { key: 'End' })
    await waitFor(() => expect(deliveries.getAttribute('aria-selected')).toBe('true'))
  })

  test('coming back with ?tab=deliveries opens that tab', async () => {
    ordersServer()
    renderScreen(MyOrdersPage, { path: '/orders', url: '/orders?tab=deliveries', user: both })
    expect((await screen.findByRole('tab', { name: 'My Deliveries' })).getAttribute('aria-selected')).toBe('true')
  })
})

describe('cancelling an order from My Orders', () => {
  test("two taps on 'Cancel Order' in the same frame send one cancel, and the button waits while it goes", async () => {
    const answer = deferred<Answer>()
    const api = fakeApi({ 'GET /api/orders': () => [200, [waiting]], [`POST /api/orders/${waiting.id}/cancel`]: () => answer.promise })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    const article = await screen.findByRole('article', { name: 'Order #WAITING1' })
    fireEvent.click(within(article).getByRole('button', { name: /^Cancel/ }))
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Order' })
    await act(async () => {
      confirm.click()
      confirm.click()
    })
    const waitingButton = (await within(screen.getByRole('dialog')).findByRole('button', { name: 'Cancelling...' })) as HTMLButtonElement
    expect(waitingButton.disabled).toBe(true)
    await act(async () => answer.resolve([200, { order: { ...waiting, status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'buyer' } }]))
    await waitFor(() => expect(within(article).getByText('Cancelled')).toBeDefined())
    expect(api.callsTo(`POST /api/orders/${waiting.id}/cancel`)).toHaveLength(1)
  })

  test("'Cancel' asks first, saying the hold is released; 'Keep Order' keeps it; 'Cancel Order' cancels and shows 'Cancelled'", async () => {
    fakeApi({
      'GET /api/orders': () => [200, [waiting]],
      [`POST /api/orders/${waiting.id}/cancel`]: () => [200, { order: { ...waiting, status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'buyer' } }],
    })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    const article = await screen.findByRole('article', { name: 'Order #WAITING1' })
    const cancel = within(article).getByRole('button', { name: /^Cancel/ })
    cancel.focus()
    fireEvent.click(cancel)
    let dialog = screen.getByRole('dialog', { name: 'Cancel this order?' })
    expect(dialog.textContent).toContain('No runner has accepted order #WAITING1 yet. Cancelling releases the $7.00 hold on your card, so nothing is charged.')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep Order' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Order' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(article).getByText('Finding Runner')).toBeDefined()

    fireEvent.click(cancel)
    dialog = screen.getByRole('dialog', { name: 'Cancel this order?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }))
    await waitFor(() => expect(within(article).getByText('Cancelled')).toBeDefined())
    expect(fact(article, 'Payment')).toBe('Not charged: the hold was released.')
    expect(within(article).queryByText('Platform fee', { selector: 'dt' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(article).queryByRole('button', { name: /^Cancel/ })).toBeNull()
    expect(document.activeElement).toBe(within(article).getByRole('heading', { name: 'Order #WAITING1' }))
    const toast = within(screen.getByRole('region', { name: 'Notifications' }))
    expect(toast.getByText('Order Cancelled')).toBeDefined()
    expect(toast.getByText('Order #WAITING1 is cancelled and the $7.00 hold on your card was released.')).toBeDefined()
  })

  test("a runner accepted first (409): the buyer is told in the server's words, and the list is fetched again", async () => {
    let accepted = false
    const api = fakeApi({
      'GET /api/orders': () => [200, [accepted ? { ...waiting, status: 'runner_accepted', runnerFirstName: 'Ravi', runnerLastName: 'Kumar' } : waiting]],
      [`POST /api/orders/${waiting.id}/cancel`]: () => {
        accepted = true
        return [409, { message: 'A runner has already accepted this order, so it can no longer be cancelled.', code: 'INVALID_TRANSITION' }]
      },
    })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    const article = await screen.findByRole('article', { name: 'Order #WAITING1' })
    fireEvent.click(within(article).getByRole('button', { name: /^Cancel/ }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Order' }))
    const toast = within(screen.getByRole('region', { name: 'Notifications' }))
    expect(await toast.findByText('Order Not Cancelled')).toBeDefined()
    expect(toast.getByText('A runner has already accepted this order, so it can no longer be cancelled.')).toBeDefined()
    await waitFor(() => expect(within(article).getByText('Runner Assigned')).toBeDefined())
    expect(fact(article, 'Runner')).toBe('Ravi K.')
    expect(api.callsTo('GET /api/orders')).toHaveLength(2)
  })
})

describe("'Buy it again' from My Orders", () => {
  test("is offered on the buyer's ended orders only, and fills that store's cart with the items still sold", async () => {
    const gone = delivered.items[1]!
    const cancelled = anOrder({ id: '44444444-4444-4444-8444-0000cancel', status: 'cancelled', cancelReason: 'buyer', paymentStatus: 'cancelled' })
    const api = fakeApi({
      'GET /api/orders': () => [200, [waiting, delivered, cancelled]],
      'GET /api/items': () => [200, delivered.items.filter((item) => item !== gone).map((item) => anItem({ id: item.id, name: item.name }))],
    })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer() })
    await screen.findByRole('article', { name: 'Order #WAITING1' })
    expect(within(card('Order #WAITING1')).queryByRole('button', { name: /^Buy it again/ })).toBeNull()
    within(card('Order #00CANCEL')).getByRole('button', { name: 'Buy it again (Order #00CANCEL)' })
    localStorage.clear()
    fireEvent.click(within(card('Order #ELIVERED')).getByRole('button', { name: 'Buy it again (Order #ELIVERED)' }))
    await screen.findByText(`Screen at /cart?storeId=${delivered.storeId}`)
    expect(readCart(delivered.storeId).map((line) => line.id)).toEqual(delivered.items.filter((item) => item !== gone).map((item) => item.id))
    expect(api.callsTo('GET /api/items')).toHaveLength(1)
    toasts().getByText(`${delivered.storeName} no longer sells ${gone.name}, so it is not in your cart.`)
    localStorage.clear()
  })
})

describe('My Orders in Hindi', () => {
  afterEach(async () => {
    await act(() => showLanguage('en'))
  })

  test("the heading, the tabs and an order's facts are in Hindi; the store's name and the amounts stay as they are", async () => {
    await act(() => showLanguage('hi'))
    ordersServer()
    renderScreen(MyOrdersPage, { path: '/orders', user: both })
    expect(await screen.findByRole('heading', { name: 'मेरे ऑर्डर' })).toBeDefined()
    expect(screen.getByRole('tab', { name: 'मेरी ख़रीदारी' })).toBeDefined()
    const first = await screen.findByRole('article', { name: 'ऑर्डर #WAITING1' })
    expect(within(first).getByText('Patel Family Grocers')).toBeDefined()
    expect(fact(first, 'रनर')).toBe('रनर का इंतज़ार')
    expect(fact(first, 'प्लेटफ़ॉर्म फ़ीस')).toBe('$2.00')
  })
})
