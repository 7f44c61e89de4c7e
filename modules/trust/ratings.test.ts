import { describe, expect, test } from 'bun:test'
import { testApi } from '../../testing/test-api'
import type { Order } from '../orders/index'

// After the door: buyer and runner rate each other once, from delivery for 7 days, and each sees
// what the other gave only once both have rated or the week is over.
const api = await testApi()
const { call, clock, kind, completeAccount, addStore, placeOrder } = api
const store = await addStore({ name: 'Ratings Test Store', latitude: 40.53, longitude: -74.3973 })
const DAY = 24 * 60 * 60_000

type Person = Awaited<ReturnType<typeof completeAccount>>
const viewAs = async (cookie: string, orderId: string) => (await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order
/** Time passes while the people keep using the app, so their sessions stay alive. */
async function passTime(ms: number, ...people: Person[]) {
  for (let left = ms; left > 0; left -= DAY) {
    clock.advance(Math.min(DAY, left))
    for (const person of people) await call('GET', '/api/auth/user', { cookie: person.cookie })
  }
}
const rate = (cookie: string, orderId: string, body: unknown) => call('POST', `/api/orders/${orderId}/rating`, { cookie, body })

const acceptedOrder = () => api.acceptedOrder(store, { runnerName: 'Divya' })
const deliveredOrder = (runner?: Person) => api.deliveredOrder(store, { runner, runnerName: 'Divya' })

describe('POST /api/orders/{id}/rating', () => {
  test('the buyer rates the runner and the runner the buyer: 201 with the order, once each (409 ALREADY_RATED)', async () => {
    const { buyer, runner, order } = await deliveredOrder()
    const rated = await rate(buyer.cookie, order.id, { stars: 5, comment: 'Found the fresh methi!' })
    expect(rated.status).toBe(201)
    expect((rated.body.order as Order).myRating).toMatchObject({ stars: 5, comment: 'Found the fresh methi!' })
    expect((await rate(buyer.cookie, order.id, { stars: 1 })).body.code).toBe('ALREADY_RATED')
    expect((await rate(runner.cookie, order.id, { stars: 4 })).status).toBe(201)
    expect((await rate(runner.cookie, order.id, { stars: 4 })).status).toBe(409)
  })

  test('before delivery 409 NOT_DELIVERED; 7 days after, 409 RATING_CLOSED; anyone else 404', async () => {
    const { buyer, order } = await acceptedOrder()
    expect((await rate(buyer.cookie, order.id, { stars: 5 })).body.code).toBe('NOT_DELIVERED')
    const done = await deliveredOrder()
    const stranger = await completeAccount({ roles: ['runner'] })
    expect((await rate(stranger.cookie, done.order.id, { stars: 5 })).status).toBe(404)
    expect((await rate(stranger.cookie, crypto.randomUUID(), { stars: 5 })).status).toBe(404)
    await passTime(7 * DAY, done.buyer)
    const late = await rate(done.buyer.cookie, done.order.id, { stars: 5 })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('RATING_CLOSED')
  })

  test('an order still waiting for a runner: its own buyer gets 409 NOT_DELIVERED, anyone else 404', async () => {
    const buyer = await completeAccount()
    const waiting = await placeOrder(buyer.cookie, store)
    const early = await rate(buyer.cookie, waiting.id, { stars: 5 })
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ code: 'NOT_DELIVERED', message: 'You can rate once the order has been delivered.' })
    const stranger = await completeAccount({ roles: ['runner'] })
    expect((await rate(stranger.cookie, waiting.id, { stars: 5 })).status).toBe(404)
  })

  test('stars are 1 to 5 whole; a comment at most 500 characters, without control characters', async () => {
    const { buyer, order } = await deliveredOrder()
    for (const stars of [0, 6, 3.5, '5', null]) expect((await rate(buyer.cookie, order.id, { stars })).status).toBe(400)
    const long = await rate(buyer.cookie, order.id, { stars: 4, comment: 'x'.repeat(501) })
    expect(long.status).toBe(400)
    expect(long.body.errors).toMatchObject({ comment: 'A comment can be at most 500 characters' })
    expect((await rate(buyer.cookie, order.id, { stars: 4, comment: 'bad\u0007bell' })).status).toBe(400)
    expect((await rate(buyer.cookie, order.id, { stars: 4, comment: 'x'.repeat(500) })).status).toBe(201)
  })
})

describe('what each sees of the ratings', () => {
  test('a rating reaches the one it rates once both have rated', async () => {
    const { buyer, runner, order } = await deliveredOrder()
    await rate(buyer.cookie, order.id, { stars: 2, comment: 'Late' })
    expect(await viewAs(runner.cookie, order.id)).toMatchObject({ myRating: null, theirRating: null })
    expect((await viewAs(buyer.cookie, order.id)).myRating).toMatchObject({ stars: 2, comment: 'Late' })
    await rate(runner.cookie, order.id, { stars: 5 })
    expect(await viewAs(runner.cookie, order.id)).toMatchObject({ myRating: { stars: 5, comment: null }, theirRating: { stars: 2, comment: 'Late' } })
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({ myRating: { stars: 2 }, theirRating: { stars: 5 } })
  })

  test('or once the 7 days are over, when the other never rated', async () => {
    const { buyer, runner, order } = await deliveredOrder()
    await rate(buyer.cookie, order.id, { stars: 4 })
    await passTime(7 * DAY - 1000, runner)
    expect((await viewAs(runner.cookie, order.id)).theirRating).toBeNull()
    await passTime(1000, runner)
    expect((await viewAs(runner.cookie, order.id)).theirRating).toMatchObject({ stars: 4 })
  })
})

describe("the runner's figures", () => {
  test('no average under 3 ratings, then the mean to one decimal, counting only ratings the runner may see; the buyer sees them on the order', async () => {
    const runner = await completeAccount({ roles: ['runner'], firstName: 'Kiran' })
    const stats = async () => (await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body
    expect((await stats()).rating).toEqual({ average: null, count: 0 })
    const orders = [await deliveredOrder(runner), await deliveredOrder(runner), await deliveredOrder(runner)]
    for (const [index, stars] of [5, 4, 4].entries()) {
      await rate(orders[index]!.buyer.cookie, orders[index]!.order.id, { stars })
      await rate(runner.cookie, orders[index]!.order.id, { stars: 5 })
    }
    expect((await stats()).rating).toEqual({ average: 4.3, count: 3 })
    // A fourth rating the runner cannot see yet does not move the average.
    const fourth = await deliveredOrder(runner)
    await rate(fourth.buyer.cookie, fourth.order.id, { stars: 1 })
    expect((await stats()).rating).toEqual({ average: 4.3, count: 3 })
    expect((await viewAs(fourth.buyer.cookie, fourth.order.id)).runnerRating).toEqual({ average: 4.3, count: 3, deliveries: 4 })
    await passTime(7 * DAY, runner)
    expect((await stats()).rating).toEqual({ average: 3.5, count: 4 })
  })

  test('a waiting order has no runner, so no figures', async () => {
    const buyer = await completeAccount()
    expect((await placeOrder(buyer.cookie, store)).runnerRating).toBeNull()
  })
})

describe.skipIf(kind !== 'postgres')('rating races on PostgreSQL', () => {
  test('ten ratings at once by the same buyer make one', async () => {
    const { buyer, order } = await deliveredOrder()
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => rate(buyer.cookie, order.id, { stars: 1 + (index % 5) })))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'ALREADY_RATED')).toBe(true)
  })

  test('the buyer and the runner rating at the same moment each see the other’s at once, and the runner’s rating counts once, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const { buyer, runner, order } = await deliveredOrder()
      await Promise.all([rate(buyer.cookie, order.id, { stars: 5 }), rate(runner.cookie, order.id, { stars: 4 })])
      expect((await viewAs(buyer.cookie, order.id)).theirRating).toMatchObject({ stars: 4 })
      expect((await viewAs(runner.cookie, order.id)).theirRating).toMatchObject({ stars: 5 })
      // The pair became mutual once, so the runner's tally counts the buyer's rating once.
      expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body.rating).toEqual({ average: null, count: 1 })
    }
  })
})
