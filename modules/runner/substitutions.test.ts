import { describe, expect, test } from 'bun:test'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import type { Order } from '../orders/index'

type OrderItemView = Order['items'][number]

const api = await testApi()
const { app, call, clock, completeAccount, addStore, kind } = api
const store = await addStore({ name: 'Substitution Test Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000

/** A checkout of the store's first three lines, each with the substitution choice given (none: the default). */
async function placeWith(cookie: string, choices: (string | undefined)[]) {
  const intent = await call('POST', '/api/create-payment-intent', { cookie, body: { amount: 7 } })
  const { clientSecret, paymentIntentId } = intent.body as { clientSecret: string; paymentIntentId: string }
  await call('POST', '/api/payments/embedded/confirm', { body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } })
  const items = choices.map((substitution, index) => ({ id: store.items[index]!.id, quantity: 1, substitution }))
  const placed = await call('POST', '/api/confirm-payment-and-create-order', {
    cookie,
    body: { paymentIntentId, orderData: { storeId: store.store.id, items, tip: 5 } },
  })
  expect(placed.status).toBe(200)
  return placed.body.order as Order
}

/** An order a runner has accepted (and the card charged): lines best_match, contact_me (the default) and skip. */
async function shopping() {
  const buyer = await completeAccount()
  const order = await placeWith(buyer.cookie, ['best_match', undefined, 'skip'])
  const runner = await completeAccount({ roles: ['runner'], firstName: 'Kavya' })
  expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
  const [bestMatch, contactMe, skip] = order.items as [OrderItemView, OrderItemView, OrderItemView]
  return { buyer, runner, order, bestMatch, contactMe, skip }
}

const mark = (cookie: string, orderId: string, itemId: string, body: unknown) => call('PATCH', `/api/orders/${orderId}/items/${itemId}`, { cookie, body })
const decide = (cookie: string, orderId: string, itemId: string, decision: unknown) =>
  call('POST', `/api/orders/${orderId}/items/${itemId}/substitution`, { cookie, body: { decision } })
const pickUp = (cookie: string, order: Order, found = order.items.map((item) => ({ id: item.id, isDelivered: true }))) =>
  call('PATCH', `/api/orders/${order.id}/status`, { cookie, body: { status: 'picked_up', itemCompletionData: found } })
const lineOf = (response: { body: Record<string, unknown> }, itemId: string) => (response.body.order as Order).items.find((item) => item.id === itemId)!
const basmati = { state: 'substituted', replacement: { name: 'Sona Masoori Rice 10 lb', price: '16.99', note: 'Same brand' } }

describe('PATCH /api/orders/{id}/items/{itemId}: the runner marks lines while shopping', () => {
  test('every line of every order answer says what was asked and where it stands', async () => {
    const { buyer, order, bestMatch } = await shopping()
    expect(bestMatch).toMatchObject({ substitutionPreference: 'best_match', state: 'pending', substitution: null, isDelivered: null })
    expect(order.items.map((item) => item.substitutionPreference)).toEqual(['best_match', 'contact_me', 'skip'])
    const listed = (await call('GET', '/api/orders', { cookie: buyer.cookie })).body as unknown as Order[]
    expect(listed.find((one) => one.id === order.id)!.items[1]).toMatchObject({ substitutionPreference: 'contact_me', state: 'pending', substitution: null })
  })

  test('found and not found; a line may be marked again', async () => {
    const { runner, order, bestMatch, skip } = await shopping()
    expect(lineOf(await mark(runner.cookie, order.id, skip.id, { state: 'not_found' }), skip.id)).toMatchObject({ state: 'not_found', isDelivered: null })
    expect(lineOf(await mark(runner.cookie, order.id, skip.id, { state: 'found' }), skip.id).state).toBe('found')
    const response = await mark(runner.cookie, order.id, bestMatch.id, { state: 'found' })
    expect(response.status).toBe(200)
    expect(lineOf(response, bestMatch.id)).toMatchObject({ state: 'found', substitution: null })
  })

  test('a replacement on a best_match line is approved at once, its price in dollars as the server read it', async () => {
    const { runner, order, bestMatch } = await shopping()
    const response = await mark(runner.cookie, order.id, bestMatch.id, { state: 'substituted', replacement: { name: 'Sona Masoori Rice', price: 16.5 } })
    expect(lineOf(response, bestMatch.id)).toMatchObject({
      state: 'substituted',
      substitution: { name: 'Sona Masoori Rice', price: '16.50', note: '', status: 'approved' },
    })
  })

  test('a replacement on a contact_me line waits for the buyer; on a skip line it is 409 SUBSTITUTION_NOT_ALLOWED', async () => {
    const { runner, order, contactMe, skip } = await shopping()
    const proposed = await mark(runner.cookie, order.id, contactMe.id, basmati)
    expect(lineOf(proposed, contactMe.id)).toMatchObject({
      state: 'substituted',
      substitution: { name: 'Sona Masoori Rice 10 lb', price: '16.99', note: 'Same brand', status: 'proposed' },
    })
    // The buyer sees until when to answer: 5 minutes from the proposal, on the server's clock.
    expect(lineOf(proposed, contactMe.id).substitution?.answerBy).toBe(new Date(clock.now().getTime() + 5 * MINUTE).toISOString())
    const refused = await mark(runner.cookie, order.id, skip.id, basmati)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('SUBSTITUTION_NOT_ALLOWED')
    // While the proposal waits, the runner cannot mark that line over it.
    const waiting = await mark(runner.cookie, order.id, contactMe.id, { state: 'found' })
    expect(waiting.status).toBe(409)
    expect(waiting.body.code).toBe('SUBSTITUTION_PENDING')
  })

  test.each([
    [{ state: 'lost' }, 'state', 'State must be found, not_found or substituted'],
    [{ state: 'substituted' }, 'replacement', 'Say what the replacement is'],
    [{ state: 'substituted', replacement: { name: '  ' } }, 'replacement.name', 'Name the replacement'],
    [{ state: 'substituted', replacement: { name: 'Rice', price: '4.999' } }, 'replacement.price', 'Enter the price in dollars, like 4.99, up to $1000'],
    [{ state: 'substituted', replacement: { name: 'Rice', price: -2 } }, 'replacement.price', 'Enter the price in dollars, like 4.99, up to $1000'],
    [{ state: 'substituted', replacement: { name: 'Rice', note: 'bell\u0007' } }, 'replacement.note', 'replacement.note must not contain control characters'],
  ])('%j is 400 naming %s', async (body, field, words) => {
    const { runner, order, bestMatch } = await shopping()
    const refused = await mark(runner.cookie, order.id, bestMatch.id, body)
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ [field]: words })
  })

  test('only the assigned runner: the buyer 403, another runner and strangers 404, nobody signed in 401; an unknown line 404', async () => {
    const { buyer, runner, order, bestMatch } = await shopping()
    const buyerTries = await mark(buyer.cookie, order.id, bestMatch.id, { state: 'found' })
    expect(buyerTries.status).toBe(403)
    expect(buyerTries.body.code).toBe('NOT_YOUR_DELIVERY')
    for (const outsider of [await completeAccount({ roles: ['runner'] }), await completeAccount()]) {
      const response = await mark(outsider.cookie, order.id, bestMatch.id, { state: 'found' })
      expect(response.status).toBe(404)
      expect(response.body.code).toBe('ORDER_NOT_FOUND')
    }
    expect((await mark('', order.id, bestMatch.id, { state: 'lost' })).status).toBe(401)
    const unknown = await mark(runner.cookie, order.id, crypto.randomUUID(), { state: 'found' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('ITEM_NOT_FOUND')
  })

  test('only while shopping: before the accept no runner may, after pick-up it is 409 ITEMS_CLOSED', async () => {
    const buyer = await completeAccount()
    const waiting = await placeWith(buyer.cookie, ['best_match'])
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await mark(runner.cookie, waiting.id, waiting.items[0]!.id, { state: 'found' })).status).toBe(404)
    const { runner: assigned, order, bestMatch } = await shopping()
    await pickUp(assigned.cookie, order)
    const closed = await mark(assigned.cookie, order.id, bestMatch.id, { state: 'not_found' })
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe('ITEMS_CLOSED')
  })
})

describe('POST /api/orders/{id}/items/{itemId}/substitution: the buyer answers', () => {
  test('approve: the line is substituted; a second decision is 409', async () => {
    const { buyer, runner, order, contactMe } = await shopping()
    await mark(runner.cookie, order.id, contactMe.id, basmati)
    const approved = await decide(buyer.cookie, order.id, contactMe.id, 'approve')
    expect(approved.status).toBe(200)
    expect(lineOf(approved, contactMe.id)).toMatchObject({ state: 'substituted', substitution: { status: 'approved', answerBy: null } })
    for (const decision of ['approve', 'reject']) {
      const replayed = await decide(buyer.cookie, order.id, contactMe.id, decision)
      expect(replayed.status).toBe(409)
      expect(replayed.body.code).toBe('SUBSTITUTION_NOT_PENDING')
    }
  })

  test('reject: the line is not found, and stays so at pick-up whatever the runner reports', async () => {
    const { buyer, runner, order, contactMe } = await shopping()
    await mark(runner.cookie, order.id, contactMe.id, basmati)
    const rejected = await decide(buyer.cookie, order.id, contactMe.id, 'reject')
    expect(lineOf(rejected, contactMe.id)).toMatchObject({ state: 'not_found', substitution: { status: 'rejected' } })
    const picked = await pickUp(runner.cookie, order)
    expect(picked.status).toBe(200)
    expect(lineOf(picked, contactMe.id)).toMatchObject({ state: 'not_found', isDelivered: false })
  })

  test('only the buyer, only a waiting proposal: the runner 403, strangers 404, a line without a proposal 409, a bad decision 400', async () => {
    const { buyer, runner, order, contactMe, bestMatch } = await shopping()
    await mark(runner.cookie, order.id, contactMe.id, basmati)
    expect((await decide(runner.cookie, order.id, contactMe.id, 'approve')).status).toBe(403)
    expect((await decide((await completeAccount()).cookie, order.id, contactMe.id, 'approve')).status).toBe(404)
    expect((await decide('', order.id, contactMe.id, 'maybe')).status).toBe(401)
    const bad = await decide(buyer.cookie, order.id, contactMe.id, 'maybe')
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ decision: 'Decision must be approve or reject' })
    const nothingAsked = await decide(buyer.cookie, order.id, bestMatch.id, 'approve')
    expect(nothingAsked.status).toBe(409)
    expect(nothingAsked.body.code).toBe('SUBSTITUTION_NOT_PENDING')
    expect((await decide(buyer.cookie, order.id, 'no-such-line', 'approve')).body.code).toBe('ITEM_NOT_FOUND')
  })

  test('every change reaches the order stream as an order change', async () => {
    const { buyer, runner, order, contactMe } = await shopping()
    const stream = sseEvents((await app.handle(new Request(`http://localhost/api/orders/${order.id}/events`, { headers: { cookie: buyer.cookie } }))).body!)
    const lineNow = async (check: (line: OrderItemView) => boolean) => {
      for (;;) {
        const line = (await stream.next<Order>('order')).items.find((item) => item.id === contactMe.id)!
        if (check(line)) return line
      }
    }
    await mark(runner.cookie, order.id, contactMe.id, basmati)
    expect((await lineNow((line) => line.state === 'substituted')).substitution!.status).toBe('proposed')
    await decide(buyer.cookie, order.id, contactMe.id, 'approve')
    expect((await lineNow((line) => line.substitution?.status !== 'proposed')).substitution!.status).toBe('approved')
    await stream.close()
  })
})

describe('pick-up with marked lines', () => {
  test("the spec's itemCompletionData still works alone, and marked lines keep their state whatever it says", async () => {
    const { runner, order, bestMatch, contactMe, skip } = await shopping()
    await mark(runner.cookie, order.id, bestMatch.id, { state: 'substituted', replacement: { name: 'Other dal' } })
    await mark(runner.cookie, order.id, skip.id, { state: 'not_found' })
    const picked = await pickUp(runner.cookie, order, [
      { id: bestMatch.id, isDelivered: false },
      { id: contactMe.id, isDelivered: true },
      { id: skip.id, isDelivered: true },
    ])
    expect(picked.status).toBe(200)
    const lines = (picked.body.order as Order).items.map((item) => [item.state, item.isDelivered])
    expect(lines).toEqual([
      ['substituted', true],
      ['found', true],
      ['not_found', false],
    ])
  })

  test('only the unmarked lines need reporting; every line marked, none', async () => {
    const { runner, order, bestMatch, contactMe, skip } = await shopping()
    for (const item of [bestMatch, skip]) await mark(runner.cookie, order.id, item.id, { state: 'found' })
    expect((await pickUp(runner.cookie, order, [])).body.code).toBe('ITEM_COMPLETION_MISMATCH')
    await mark(runner.cookie, order.id, contactMe.id, { state: 'not_found' })
    const picked = await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up' } })
    expect(picked.status).toBe(200)
    expect((picked.body.order as Order).items.map((item) => item.isDelivered)).toEqual([true, false, true])
  })

  test('a proposal still waiting stops the pick-up with 409 SUBSTITUTION_PENDING; after 5 minutes it counts as rejected', async () => {
    const { buyer, runner, order, contactMe } = await shopping()
    await mark(runner.cookie, order.id, contactMe.id, basmati)
    clock.advance(5 * MINUTE - 1000)
    const pending = await pickUp(runner.cookie, order)
    expect(pending.status).toBe(409)
    expect(pending.body.code).toBe('SUBSTITUTION_PENDING')
    clock.advance(1000)
    const picked = await pickUp(runner.cookie, order)
    expect(picked.status).toBe(200)
    expect(lineOf(picked, contactMe.id)).toMatchObject({ state: 'not_found', isDelivered: false, substitution: { status: 'rejected' } })
    expect((await decide(buyer.cookie, order.id, contactMe.id, 'approve')).body.code).toBe('SUBSTITUTION_NOT_PENDING')
  })

  test.skipIf(kind !== 'postgres')('on PostgreSQL, a decision racing the pick-up ends consistent: the line is what the winner made it', async () => {
    for (let round = 0; round < 5; round++) {
      const { buyer, runner, order, contactMe } = await shopping()
      await mark(runner.cookie, order.id, contactMe.id, basmati)
      clock.advance(5 * MINUTE)
      const [decided, picked] = await Promise.all([decide(buyer.cookie, order.id, contactMe.id, 'approve'), pickUp(runner.cookie, order)])
      expect(picked.status).toBe(200)
      const line = lineOf((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })) as never, contactMe.id)
      if (decided.status === 200) expect(line).toMatchObject({ state: 'substituted', isDelivered: true, substitution: { status: 'approved' } })
      else {
        expect(decided.body.code).toBe('SUBSTITUTION_NOT_PENDING')
        expect(line).toMatchObject({ state: 'not_found', isDelivered: false, substitution: { status: 'rejected' } })
      }
    }
  })
})
