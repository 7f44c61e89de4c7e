import { afterAll, describe, expect, test } from 'bun:test'
import { openDatabase } from '../../db/client'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import type { Order } from '../orders/index'
import type { OrderMessage } from './contract'

const api = await testApi()
const { app, call, clock, completeAccount, addStore, placeOrder, kind, url } = api
const store = await addStore({ name: 'Chat Test Store', latitude: 40.53, longitude: -74.3973 })
const HOUR = 60 * 60_000

const send = (cookie: string, orderId: string, message: unknown) => call('POST', `/api/orders/${orderId}/messages`, { cookie, body: { message } })
const messagesOf = async (cookie: string, orderId: string) => {
  const response = await call('GET', `/api/orders/${orderId}/messages`, { cookie })
  expect(response.status).toBe(200)
  return (response.body as unknown as { messages: OrderMessage[] }).messages
}
/** The message of a 201; the test client types `message` as an error's words. */
const posted = (response: { body: { message?: unknown } }) => response.body.message as OrderMessage
const allFound = (order: Order) => order.items.map((item) => ({ id: item.id, isDelivered: true }))

const acceptedOrder = () => api.acceptedOrder(store, { runnerName: 'Kavya' })

describe('POST and GET /api/orders/{id}/messages', () => {
  test('the buyer and the runner write to each other; each answer is 201 with the message, and the list is oldest first', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    const first = await send(buyer.cookie, order.id, '  Please get the ripe mangoes  ')
    expect(first.status).toBe(201)
    expect(posted(first)).toEqual({
      id: expect.any(String),
      orderId: order.id,
      senderId: buyer.user.id,
      senderRole: 'buyer',
      message: 'Please get the ripe mangoes',
      messageType: 'text',
      createdAt: clock.now().toISOString(),
    })
    clock.advance(1000)
    expect((await send(runner.cookie, order.id, 'Only green ones today.\nShall I take those?')).status).toBe(201)
    const listed = await messagesOf(runner.cookie, order.id)
    expect(listed.map((message) => [message.senderRole, message.message])).toEqual([
      ['buyer', 'Please get the ripe mangoes'],
      ['runner', 'Only green ones today.\nShall I take those?'],
    ])
    expect(await messagesOf(buyer.cookie, order.id)).toEqual(listed)
  })

  test('anyone else, another runner too, gets the same 404 as for an order that does not exist; nobody signed in gets 401 whatever they send', async () => {
    const { order } = await acceptedOrder()
    const otherRunner = await completeAccount({ roles: ['runner'] })
    const stranger = await completeAccount()
    for (const outsider of [otherRunner, stranger]) {
      for (const response of [
        await call('GET', `/api/orders/${order.id}/messages`, { cookie: outsider.cookie }),
        await send(outsider.cookie, order.id, 'hello'),
      ]) {
        expect(response.status).toBe(404)
        expect(response.body).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND' })
      }
    }
    expect((await send(stranger.cookie, crypto.randomUUID(), 'hello')).body.code).toBe('ORDER_NOT_FOUND')
    expect((await call('GET', `/api/orders/${order.id}/messages`)).status).toBe(401)
    expect((await call('POST', `/api/orders/${order.id}/messages`, { body: { message: 42 } })).status).toBe(401)
  })

  test.each([
    ['nothing', undefined, 'Write a message'],
    ['only spaces', '   ', 'Write a message'],
    ['1,001 characters', 'a'.repeat(1001), 'A message can be at most 1,000 characters'],
    ['a control character', 'see you\u0007 soon', 'message must not contain control characters'],
    ['an escape sequence', '\u001b[31mred', 'message must not contain control characters'],
    ['a number', 7, 'Write a message'],
    ['1,001 emoji', '🙏'.repeat(1001), 'A message can be at most 1,000 characters'],
    ['a right-to-left override', 'pay \u202Eyenom\u202C now', 'A message must not contain direction or control characters'],
    ['a direction isolate', 'see \u2067you\u2069', 'A message must not contain direction or control characters'],
    ['a C1 control', 'see you\u0085 soon', 'A message must not contain direction or control characters'],
    ['a lone surrogate', 'half \uD83D a face', 'A message must not contain direction or control characters'],
  ])('%s is 400 naming the message field', async (_case, message, words) => {
    const { buyer, order } = await acceptedOrder()
    const refused = await send(buyer.cookie, order.id, message)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ message: words, code: 'VALIDATION_ERROR', errors: { message: words } })
    expect(await messagesOf(buyer.cookie, order.id)).toEqual([])
  })

  test('1,000 characters is fine, counted as a person sees them: 1,000 family emoji of 8 UTF-16 units each, and Hindi with its vowel signs', async () => {
    const { runner, order } = await acceptedOrder()
    expect((await send(runner.cookie, order.id, 'a'.repeat(1000))).status).toBe(201)
    const families = '👨‍👩‍👧'.repeat(1000)
    expect(families.length).toBe(8000)
    const sent = await send(runner.cookie, order.id, families)
    expect(sent.status).toBe(201)
    expect(posted(sent).message).toBe(families)
    expect((await send(runner.cookie, order.id, 'नमस्ते, दूध मिल गया 🙂')).status).toBe(201)
  })

  test('before a runner accepts, the buyer may read (nothing yet) but not write: 409 CHAT_CLOSED; no runner may do either', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    expect(await messagesOf(buyer.cookie, order.id)).toEqual([])
    const closed = await send(buyer.cookie, order.id, 'Anyone there?')
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe('CHAT_CLOSED')
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await send(runner.cookie, order.id, 'I could take it')).status).toBe(404)
    expect((await call('GET', `/api/orders/${order.id}/messages`, { cookie: runner.cookie })).status).toBe(404)
  })

  test('a cancelled order is closed to chat: 409 CHAT_CLOSED', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    const closed = await send(buyer.cookie, order.id, 'Oops')
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe('CHAT_CLOSED')
  })

  test('the chat stays open through pick-up and for 24 hours after delivery, then closes', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData: allFound(order) } })
    expect((await send(runner.cookie, order.id, 'On my way')).status).toBe(201)
    await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    clock.advance(24 * HOUR - 1000)
    expect((await send(buyer.cookie, order.id, 'You forgot the coriander')).status).toBe(201)
    clock.advance(1000)
    const closed = await send(runner.cookie, order.id, 'Coming back with it')
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe('CHAT_CLOSED')
    // What was said can still be read.
    expect((await messagesOf(runner.cookie, order.id)).map((message) => message.message)).toEqual(['On my way', 'You forgot the coriander'])
  })

  test('20 messages a minute per sender and order, then 429 with Retry-After; the other party is not held back; a minute later it is open again', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    for (let n = 1; n <= 20; n++) expect((await send(buyer.cookie, order.id, `line ${n}`)).status).toBe(201)
    const limited = await send(buyer.cookie, order.id, 'line 21')
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send(runner.cookie, order.id, 'Slow down!')).status).toBe(201)
    clock.advance(60_000)
    expect((await send(buyer.cookie, order.id, 'Sorry')).status).toBe(201)
    expect(await messagesOf(buyer.cookie, order.id)).toHaveLength(22)
  })
})

const openStream = async (cookie: string, orderId: string) =>
  sseEvents((await app.handle(new Request(`http://localhost/api/orders/${orderId}/events`, { headers: { cookie } }))).body!)

describe('messages on the order stream', () => {
  test('each new message reaches both parties as an event named message', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    const buyerStream = await openStream(buyer.cookie, order.id)
    const runnerStream = await openStream(runner.cookie, order.id)
    await buyerStream.next('order')
    await runnerStream.next('order')
    const sent = posted(await send(runner.cookie, order.id, 'At the store now'))
    expect(await buyerStream.next<OrderMessage>('message')).toEqual(sent)
    expect(await runnerStream.next<OrderMessage>('message')).toEqual(sent)
    await buyerStream.close()
    await runnerStream.close()
  })

  describe.skipIf(kind !== 'postgres')('on PostgreSQL', () => {
    test('a stream on a second app instance hears a message written through this one', async () => {
      const second = await openDatabase({ url: url!, poolSize: 3 })
      afterAll(() => second.close())
      const other = await testApi({ database: { ...second, close: async () => {} } })
      const { buyer, runner, order } = await acceptedOrder()
      const stream = sseEvents(
        (await other.app.handle(new Request(`http://localhost/api/orders/${order.id}/events`, { headers: { cookie: buyer.cookie } }))).body!,
      )
      await stream.next('order')
      const sent = posted(await send(runner.cookie, order.id, 'Found everything'))
      expect(await stream.next<OrderMessage>('message')).toEqual(sent)
      await stream.close()
    })

    test('the buyer and the runner writing at once: every message is kept once, in one order both read, and each is streamed', async () => {
      const { buyer, runner, order } = await acceptedOrder()
      const stream = await openStream(buyer.cookie, order.id)
      await stream.next('order')
      const sent = await Promise.all(Array.from({ length: 10 }, (_, n) => send(n % 2 ? runner.cookie : buyer.cookie, order.id, `message ${n}`)))
      expect(sent.map((response) => response.status)).toEqual(Array(10).fill(201))
      const heard = new Set<string>()
      for (let n = 0; n < 10; n++) heard.add((await stream.next<OrderMessage>('message')).id)
      const listed = await messagesOf(buyer.cookie, order.id)
      expect(new Set(listed.map((message) => message.id))).toEqual(new Set(sent.map((response) => posted(response).id)))
      expect(heard).toEqual(new Set(listed.map((message) => message.id)))
      expect(await messagesOf(runner.cookie, order.id)).toEqual(listed)
      await stream.close()
    })
  })
})
