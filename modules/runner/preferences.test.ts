import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { pushRecorder } from '../../testing/notified-api'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { DELIVERY_RADIUS_MILES } from '../shared/index'
import { type Preferences, preferencesSchema } from './contract'

// A runner's radius and weekly hours: what is offered to them and pushed to them, on a clock the tests move.
const { handed, wrapPush } = pushRecorder()
const api = await testApi({ wrapPush })
const { app, call, clock, db, completeAccount, addStore, placeOrder } = api

const HOUR = 3_600_000
const MILES_PER_DEGREE_OF_LATITUDE = 69.05

/** Where the test accounts' profile address (08817) was located: every runner here searches from it. */
const probe = await completeAccount({ roles: ['runner'] })
const [home] = rows<{ latitude: number; longitude: number }>(await db.execute(sql`select latitude, longitude from users where id = ${probe.user.id}`))
const storeNorthOfHome = (name: string, miles: number) =>
  addStore({ name, latitude: home!.latitude + miles / MILES_PER_DEGREE_OF_LATITUDE, longitude: home!.longitude })
const threeMiles = await storeNorthOfHome('Three Miles Store', 3)
const eightMiles = await storeNorthOfHome('Eight Miles Store', 8)

const preferences = async (cookie: string) => {
  const response = await call('GET', '/api/runner/preferences', { cookie })
  expect(response.status).toBe(200)
  return preferencesSchema.parse(response.body)
}
const choose = (cookie: string, body: Record<string, unknown>) => call('PATCH', '/api/runner/preferences', { cookie, body })
const availability = async (cookie: string) =>
  (await call('GET', '/api/runner/availability', { cookie })).body as { online: boolean; outsideHours: boolean; nextChange: string | null }
const switchTo = (cookie: string, online: boolean) => call('PATCH', '/api/runner/availability', { cookie, body: { online } })
const offered = async (cookie: string) => {
  const response = await call('GET', '/api/orders/pending', { cookie })
  expect(response.status).toBe(200)
  return response.body as unknown as { orders: { id: string; distance: number }[]; online: boolean; radiusMiles: number }
}
const offeredIds = async (cookie: string) => (await offered(cookie)).orders.map((order) => order.id)
/** Who was pushed a new order, dispatching what is waiting. */
const pushedFor = async (orderId: string) => {
  handed.length = 0
  await dispatchOrderEvents({ db, clock, push: api.providers.push })
  return handed.filter((delivery) => delivery.message.data.orderId === orderId).map((delivery) => delivery.userId)
}

describe('GET and PATCH /api/runner/preferences', () => {
  test('a runner who never chose: the whole 10 miles from their address, any hour', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    expect(await preferences(runner.cookie)).toEqual({
      radiusMiles: DELIVERY_RADIUS_MILES,
      availability: null,
      timeZone: 'America/New_York',
      radiusFrom: '08817',
    })
    expect(await availability(runner.cookie)).toMatchObject({ online: true, outsideHours: false })
  })

  test('only runners: anyone else gets 403, and signed-out callers 401', async () => {
    const buyer = await completeAccount()
    expect((await call('GET', '/api/runner/preferences', { cookie: buyer.cookie })).status).toBe(403)
    const patched = await choose(buyer.cookie, { radiusMiles: 5 })
    expect(patched.status).toBe(403)
    expect(patched.body.code).toBe('NOT_A_RUNNER')
    expect((await call('GET', '/api/runner/preferences')).status).toBe(401)
  })

  test('a radius outside 1 to 10 whole miles, or hours the parser cannot read, is 400 on its field and changes nothing', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    for (const radiusMiles of [0, 11, 2.5, '5', null]) {
      const response = await choose(runner.cookie, { radiusMiles })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { radiusMiles: 'Choose a distance from 1 to 10 miles, in whole miles.' } })
    }
    const badHours = await choose(runner.cookie, { radiusMiles: 4, availability: 'mon-fri 9-5' })
    expect(badHours.status).toBe(400)
    expect(badHours.body.code).toBe('VALIDATION_ERROR')
    expect(badHours.body.errors).toEqual({ availability: '"9" in "mon-fri 9-5" is not a time like 09:00 or 21:30.' })
    expect(badHours.body.message).toBe('"9" in "mon-fri 9-5" is not a time like 09:00 or 21:30.')
    const backwards = await choose(runner.cookie, { availability: 'fri-mon 17:00-21:00' })
    expect(backwards.body.errors).toEqual({ availability: '"fri-mon" in "fri-mon 17:00-21:00" runs backwards: write the week from mon to sun.' })
    expect(await preferences(runner.cookie)).toMatchObject({ radiusMiles: DELIVERY_RADIUS_MILES, availability: null })
  })

  test('what is chosen is kept; each field may be sent alone; empty hours mean any hour', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const saved = await choose(runner.cookie, { radiusMiles: 4, availability: ' mon-fri 17:00-21:00; sat 10:00-18:00 ' })
    expect(saved.status).toBe(200)
    const chosen: Preferences = { radiusMiles: 4, availability: 'mon-fri 17:00-21:00; sat 10:00-18:00', timeZone: 'America/New_York', radiusFrom: '08817' }
    expect(saved.body).toEqual(chosen)
    expect(await preferences(runner.cookie)).toEqual(chosen)
    expect((await choose(runner.cookie, { radiusMiles: 1 })).body).toMatchObject({ radiusMiles: 1, availability: chosen.availability })
    expect((await choose(runner.cookie, { availability: '' })).body).toMatchObject({ radiusMiles: 1, availability: null })
    expect((await choose(runner.cookie, { availability: 'sun 10:00-14:00' })).body).toMatchObject({ availability: 'sun 10:00-14:00' })
    expect((await choose(runner.cookie, { availability: null })).body).toMatchObject({ availability: null })
  })
})

describe('the radius', () => {
  test('orders at 3 and 8 miles: a runner with a 5-mile radius is offered and pushed only the nearer, one with the default both', async () => {
    const buyer = await completeAccount()
    const near = await placeOrder(buyer.cookie, threeMiles)
    const nearPushed = await pushedFor(near.id)
    const far = await placeOrder(buyer.cookie, eightMiles)
    const farPushed = await pushedFor(far.id)
    // The pushes above went to the runners there were: now two more, one choosing 5 miles.
    const fiveMiles = await completeAccount({ roles: ['runner'], firstName: 'Five' })
    expect((await choose(fiveMiles.cookie, { radiusMiles: 5 })).status).toBe(200)
    const everywhere = await completeAccount({ roles: ['runner'], firstName: 'Ten' })

    const fiveOffers = await offered(fiveMiles.cookie)
    expect(fiveOffers.radiusMiles).toBe(5)
    expect(fiveOffers.orders.map((order) => order.id)).toContain(near.id)
    expect(fiveOffers.orders.map((order) => order.id)).not.toContain(far.id)
    expect(fiveOffers.orders.every((order) => order.distance <= 5)).toBe(true)
    const allOffers = await offered(everywhere.cookie)
    expect(allOffers.radiusMiles).toBe(10)
    expect(allOffers.orders.map((order) => order.id)).toEqual(expect.arrayContaining([near.id, far.id]))
    expect(nearPushed).toContain(probe.user.id)
    expect(farPushed).toContain(probe.user.id)

    // New orders now: pushed to the 5-mile runner only from the nearer store.
    const nextNear = await placeOrder(buyer.cookie, threeMiles)
    const nextNearPushed = await pushedFor(nextNear.id)
    expect(nextNearPushed).toEqual(expect.arrayContaining([fiveMiles.user.id, everywhere.user.id]))
    const nextFar = await placeOrder(buyer.cookie, eightMiles)
    const nextFarPushed = await pushedFor(nextFar.id)
    expect(nextFarPushed).toContain(everywhere.user.id)
    expect(nextFarPushed).not.toContain(fiveMiles.user.id)
  })

  test('the live offers keep to the radius too', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    await choose(runner.cookie, { radiusMiles: 5 })
    const buyer = await completeAccount()
    const near = await placeOrder(buyer.cookie, threeMiles)
    const far = await placeOrder(buyer.cookie, eightMiles)
    const response = await app.handle(new Request('http://localhost/api/orders/pending/events', { headers: { cookie: runner.cookie } }))
    const events = sseEvents(response.body!)
    const first = await events.next<{ orders: { id: string }[]; radiusMiles: number }>('offers', 2000)
    await events.close()
    expect(first.radiusMiles).toBe(5)
    expect(first.orders.map((order) => order.id)).toContain(near.id)
    expect(first.orders.map((order) => order.id)).not.toContain(far.id)
  })

  test('a runner whose address was never located: the answer says so, and a ZIP code they search from takes their radius', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    await db.execute(sql`update users set latitude = null, longitude = null where id = ${runner.user.id}`)
    expect((await preferences(runner.cookie)).radiusFrom).toBeNull()
    expect((await call('GET', '/api/orders/pending', { cookie: runner.cookie })).body.code).toBe('NO_PROFILE_LOCATION')
    await choose(runner.cookie, { radiusMiles: 1 })
    const fromZip = (await call('GET', '/api/orders/pending?zipCode=08817', { cookie: runner.cookie })).body as { radiusMiles: number; searchedFrom: string }
    expect(fromZip).toMatchObject({ radiusMiles: 1, searchedFrom: '08817' })
  })
})

describe('weekly hours and the switch', () => {
  // Monday 2 March 2026 in New York (UTC−5): the runner works 17:00–21:00 every day.
  const newYork = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 2, day, hour + 5, minute))
  const EVENINGS = 'mon-sun 17:00-21:00'

  test('outside their hours a runner is offline: offered nothing and pushed nothing; inside them, online', async () => {
    clock.set(newYork(2, 10))
    const runner = await completeAccount({ roles: ['runner'] })
    await choose(runner.cookie, { availability: EVENINGS })
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: true })
    const buyer = await completeAccount()
    const morning = await placeOrder(buyer.cookie, threeMiles)
    expect(await offered(runner.cookie)).toMatchObject({ online: false, orders: [] })
    expect(await pushedFor(morning.id)).not.toContain(runner.user.id)

    clock.set(newYork(2, 17, 30))
    expect(await availability(runner.cookie)).toMatchObject({ online: true, outsideHours: false })
    const evening = await placeOrder(buyer.cookie, threeMiles)
    expect(await offeredIds(runner.cookie)).toContain(evening.id)
    expect(await pushedFor(evening.id)).toContain(runner.user.id)
  })

  test('switched on outside their hours: online until their local midnight, then the hours decide again', async () => {
    clock.set(newYork(3, 22))
    const runner = await completeAccount({ roles: ['runner'] })
    await choose(runner.cookie, { availability: EVENINGS })
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: true })
    expect((await switchTo(runner.cookie, true)).body).toMatchObject({ online: true, outsideHours: true })
    const buyer = await completeAccount()
    const late = await placeOrder(buyer.cookie, threeMiles)
    expect(await offeredIds(runner.cookie)).toContain(late.id)
    expect(await pushedFor(late.id)).toContain(runner.user.id)
    clock.set(newYork(3, 23, 59))
    expect(await availability(runner.cookie)).toMatchObject({ online: true })
    clock.set(newYork(4, 0, 1))
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: true })
    clock.set(newYork(4, 17))
    expect(await availability(runner.cookie)).toMatchObject({ online: true, outsideHours: false })
  })

  test('switched off inside their hours: offline for the rest of that day, online again in the next day’s hours', async () => {
    clock.set(newYork(5, 18))
    const runner = await completeAccount({ roles: ['runner'] })
    await choose(runner.cookie, { availability: EVENINGS })
    expect((await switchTo(runner.cookie, false)).body).toMatchObject({ online: false, outsideHours: false })
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, threeMiles)
    expect(await offered(runner.cookie)).toMatchObject({ online: false, orders: [] })
    expect(await pushedFor(order.id)).not.toContain(runner.user.id)
    clock.set(newYork(5, 20, 59))
    expect(await availability(runner.cookie)).toMatchObject({ online: false })
    clock.set(newYork(6, 17, 1))
    expect(await availability(runner.cookie)).toMatchObject({ online: true })
  })

  test('switched back with the hours, the hours decide at once; new hours let go of a held switch; hours taken away keep the runner as they are', async () => {
    clock.set(newYork(9, 18))
    const runner = await completeAccount({ roles: ['runner'] })
    await choose(runner.cookie, { availability: EVENINGS })
    await switchTo(runner.cookie, false)
    await switchTo(runner.cookie, true)
    clock.advance(4 * HOUR)
    // 22:00: had the switch held, they would still be online.
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: true })

    await switchTo(runner.cookie, true)
    await choose(runner.cookie, { availability: 'mon-sun 08:00-12:00' })
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: true })

    await choose(runner.cookie, { availability: null })
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: false })
    clock.advance(24 * HOUR)
    expect(await availability(runner.cookie)).toMatchObject({ online: false })
  })

  test('the answer says when it next changes by itself: the hours starting or ending, or a held switch letting go at midnight; without hours, never', async () => {
    clock.set(newYork(4, 10))
    const runner = await completeAccount({ roles: ['runner'] })
    expect(await availability(runner.cookie)).toMatchObject({ online: true, nextChange: null })
    await choose(runner.cookie, { availability: EVENINGS })
    expect(await availability(runner.cookie)).toMatchObject({ online: false, nextChange: newYork(4, 17).toISOString() })
    clock.set(newYork(4, 17))
    expect(await availability(runner.cookie)).toMatchObject({ online: true, nextChange: newYork(4, 21).toISOString() })
    // Switched off inside the hours it holds to midnight, but the hours' end still changes outsideHours at 21:00.
    expect((await switchTo(runner.cookie, false)).body).toMatchObject({ online: false, nextChange: newYork(4, 21).toISOString() })
    clock.set(newYork(4, 21))
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: true, nextChange: newYork(5, 0).toISOString() })
    clock.set(newYork(5, 0))
    expect(await availability(runner.cookie)).toMatchObject({ online: false, nextChange: newYork(5, 17).toISOString() })
  })

  test("the hours are read in the runner's own time zone", async () => {
    clock.set(newYork(10, 18))
    const runner = await completeAccount({ roles: ['runner'] })
    await choose(runner.cookie, { availability: EVENINGS })
    expect(await availability(runner.cookie)).toMatchObject({ online: true })
    // 18:00 in New York is 04:30 the next morning in Kolkata.
    await call('PATCH', '/api/runner/availability', { cookie: runner.cookie, body: { timeZone: 'Asia/Kolkata' } })
    expect(await availability(runner.cookie)).toMatchObject({ online: false, outsideHours: true })
    expect((await preferences(runner.cookie)).timeZone).toBe('Asia/Kolkata')
  })
})
