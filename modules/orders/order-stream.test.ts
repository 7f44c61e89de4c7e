import { afterAll, describe, expect, test } from 'bun:test'
import { openDatabase } from '../../db/client'
import { testApi } from '../../testing/test-api'
import type { Order } from './contract'
import { orderChangeHub, orderEventStream } from './order-stream'

const api = await testApi()
const { app, call, completeAccount, addStore, placeOrder, kind, url } = api
const store = await addStore({ name: 'Stream Test Store', latitude: 40.53, longitude: -74.3973 })

/** Reads a Server-Sent Events body: each `event: order` message's order, as it arrives. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  return {
    /** The next `order` event, waiting at most `timeoutMs`. */
    async nextOrder(timeoutMs = 2000): Promise<Order> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const message = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = /^event: order\ndata: (.*)$/m.exec(message)
          if (data) return JSON.parse(data[1]!) as Order
          continue
        }
        const chunk = await Promise.race([reader.read(), Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null)])
        if (!chunk) throw new Error('no order event in time')
        if (chunk.done) throw new Error('the stream ended')
        buffer += decoder.decode(chunk.value, { stream: true })
      }
    },
    /** Skips repeats (two changes can arrive as two messages of the same state) until the order reaches `status`. */
    async until(check: (order: Order) => boolean): Promise<Order> {
      for (;;) {
        const order = await this.nextOrder()
        if (check(order)) return order
      }
    },
    close: () => reader.cancel(),
  }
}

const openStream = async (cookie: string, orderId: string) => {
  const response = await app.handle(new Request(`http://localhost/api/orders/${orderId}/events`, { headers: { cookie } }))
  return response
}

describe('GET /api/orders/{id}/events', () => {
  test('the buyer gets the order now, then again after each change: accept, pick-up, delivery', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const response = await openStream(buyer.cookie, order.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toStartWith('text/event-stream')
    const stream = sseReader(response.body!)
    expect((await stream.nextOrder()).status).toBe('pending_runner_acceptance')

    const runner = await completeAccount({ roles: ['runner'], firstName: 'Kavya' })
    await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    const accepted = await stream.until((seen) => seen.paymentStatus === 'captured')
    expect(accepted).toMatchObject({ status: 'runner_accepted', runnerFirstName: 'Kavya', runnerPhone: runner.input.phone })

    await call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: runner.cookie,
      body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })) },
    })
    expect((await stream.until((seen) => seen.status !== 'runner_accepted')).status).toBe('picked_up')
    await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    expect((await stream.until((seen) => seen.status !== 'picked_up')).status).toBe('delivered')
    await stream.close()
  })

  test('a cancel reaches the stream too', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const stream = sseReader((await openStream(buyer.cookie, order.id)).body!)
    await stream.nextOrder()
    await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect((await stream.nextOrder()).status).toBe('cancelled')
    await stream.close()
  })

  test('only the buyer and the assigned runner may listen', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await openStream('', order.id)).status).toBe(401)
    expect((await openStream(runner.cookie, order.id)).status).toBe(404)
    expect((await openStream((await completeAccount()).cookie, order.id)).status).toBe(404)
  })

  test('between changes it sends a heartbeat comment, and closing the stream stops watching', async () => {
    let wake = () => {}
    const hub = orderChangeHub(async (_channel, onMessage) => {
      wake = () => onMessage('order-1')
      return async () => {}
    })
    let reads = 0
    const body = orderEventStream(hub, 'order-1', async () => ({ read: ++reads }), 20)
    const reader = body.getReader()
    const text = new TextDecoder()
    let received = ''
    while (!received.includes(': heartbeat')) received += text.decode((await reader.read()).value)
    expect(received).toContain('data: {"read":1}')
    wake()
    while (!received.includes('"read":2')) received += text.decode((await reader.read()).value)
    expect(hub.watching).toBe(1)
    await reader.cancel()
    expect(hub.watching).toBe(0)
  })

  test('a reader that leaves while the stream is still subscribing leaves nothing behind', async () => {
    let subscribe: () => void = () => {}
    const hub = orderChangeHub(() => new Promise((resolve) => (subscribe = () => resolve(async () => {}))))
    const body = orderEventStream(hub, 'order-2', async () => ({}), 10)
    const reader = body.getReader()
    await reader.cancel()
    subscribe()
    await Bun.sleep(30)
    expect(hub.watching).toBe(0)
  })

  test.skipIf(kind !== 'postgres')("on PostgreSQL, another app instance's change reaches this instance's stream", async () => {
    const second = await openDatabase({ url: url!, poolSize: 3 })
    afterAll(() => second.close())
    const other = await testApi({ database: { ...second, close: async () => {} } })
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const stream = sseReader((await openStream(buyer.cookie, order.id)).body!)
    await stream.nextOrder()
    // The runner signs in and accepts through the other instance.
    const runner = await other.completeAccount({ roles: ['runner'], firstName: 'Ishaan' })
    expect((await other.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
    expect(await stream.until((seen) => seen.paymentStatus === 'captured')).toMatchObject({ status: 'runner_accepted', runnerFirstName: 'Ishaan' })
    await stream.close()
  })
})
