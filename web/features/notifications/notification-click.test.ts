import { afterEach, describe, expect, mock, test } from 'bun:test'
import { openClickedNotification } from './notification-click'

/** A page of the app, as the service worker sees it. */
const aWindow = (url: string, focused = false) => ({ url, focused, postMessage: mock((_message: unknown) => {}), focus: mock(async () => {}) })

function aWorker(windows: ReturnType<typeof aWindow>[]) {
  return {
    location: { origin: 'http://localhost:3000' },
    clients: { matchAll: mock(async () => windows), openWindow: mock(async (_url: string) => null) },
  } as unknown as ServiceWorkerGlobalScope & { clients: { openWindow: ReturnType<typeof mock> } }
}

const realFetch = globalThis.fetch
const calls: { url: string; method?: string }[] = []
const answerFetch = (status: number) => {
  globalThis.fetch = mock(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method })
    return new Response(status === 200 ? '{}' : 'Not found', { status })
  }) as unknown as typeof fetch
}
afterEach(() => {
  globalThis.fetch = realFetch
  calls.length = 0
})

describe('a click on a browser notification', () => {
  test('brings the focused page forward at the order, marks it read, then every page refetches its list', async () => {
    answerFetch(200)
    const other = aWindow('http://localhost:3000/orders')
    const focused = aWindow('http://localhost:3000/buyer', true)
    const elsewhere = aWindow('https://example.com/')
    await openClickedNotification(aWorker([other, focused, elsewhere]), { type: 'order_accepted', orderId: 'o-1', notificationId: 'n-1' })

    expect(focused.postMessage.mock.calls[0]).toEqual([{ type: 'kirana:notification-open', path: '/order/o-1' }])
    expect(focused.focus).toHaveBeenCalled()
    expect(calls).toEqual([{ url: '/api/notifications/n-1/read', method: 'PATCH' }])
    for (const page of [other, focused]) expect(page.postMessage).toHaveBeenCalledWith({ type: 'kirana:notifications-changed' })
    expect(other.postMessage).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'kirana:notification-open' }))
    expect(elsewhere.postMessage).not.toHaveBeenCalled()
  })

  test("with no page open it opens the app where the notification points: a runner's offer at the dashboard", async () => {
    answerFetch(200)
    const worker = aWorker([])
    await openClickedNotification(worker, { type: 'new_order_nearby', orderId: 'o-2', notificationId: 'n-2' })
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/runner')
    expect(calls).toHaveLength(1)
  })

  test('a refund or a resolved problem opens the order page its notification names, never another site', async () => {
    answerFetch(200)
    const worker = aWorker([])
    await openClickedNotification(worker, { type: 'refund_issued', orderId: 'o-4', url: '/order/o-4', notificationId: 'n-4' })
    await openClickedNotification(worker, { type: 'problem_resolved', orderId: 'o-4', url: '/orders/o-4', notificationId: 'n-5' })
    await openClickedNotification(worker, { type: 'problem_resolved', orderId: 'o-4', url: 'https://example.com/o-4', notificationId: 'n-6' })
    expect(worker.clients.openWindow.mock.calls.map(([url]) => url)).toEqual(['/order/o-4', '/orders/o-4', '/orders/o-4'])
  })

  test('a failed mark-read is only logged, and a notification without a record is not marked', async () => {
    answerFetch(404)
    const error = mock((..._args: unknown[]) => {})
    const logged = console.error
    console.error = error
    try {
      await openClickedNotification(aWorker([aWindow('http://localhost:3000/buyer')]), { type: 'order_delivered', orderId: 'o-3', notificationId: 'n-3' })
      expect(error).toHaveBeenCalledTimes(1)
      calls.length = 0
      await openClickedNotification(aWorker([]), { type: 'test' })
      expect(calls).toHaveLength(0)
    } finally {
      console.error = logged
    }
  })
})

describe('where a notification opens', () => {
  const origin = 'http://localhost:3000'
  test("an order's notification opens the order it carries: chat, replacements, problems and ratings alike, for either side", async () => {
    answerFetch(200)
    for (const [data, path] of [
      [{ type: 'order_message', orderId: 'o-4', url: '/delivery/o-4' }, '/delivery/o-4'],
      [{ type: 'substitution_proposed', orderId: 'o-4', url: '/order/o-4' }, '/order/o-4'],
      [{ type: 'problem_reported', orderId: 'o-4', url: `${origin}/order/o-4` }, '/order/o-4'],
      [{ type: 'rating_revealed', orderId: 'o-4', url: '/delivery/o-4' }, '/delivery/o-4'],
    ] as const) {
      const worker = aWorker([])
      await openClickedNotification(worker, data)
      expect(worker.clients.openWindow).toHaveBeenCalledWith(path)
    }
  })

  test('a record written before notifications carried their link opens the order by its id; a link to another site is never followed', async () => {
    answerFetch(200)
    const worker = aWorker([])
    await openClickedNotification(worker, { type: 'order_message', orderId: 'o-5' })
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/orders/o-5')
    const elsewhere = aWorker([])
    await openClickedNotification(elsewhere, { type: 'problem_reported', orderId: 'o-6', url: 'https://example.com/order/o-6' })
    expect(elsewhere.clients.openWindow).toHaveBeenCalledWith('/orders/o-6')
  })
})
