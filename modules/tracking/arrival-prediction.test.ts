import { afterAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { findOrder, type Order } from '../orders/index'
import { zipCentroid } from '../shared/index'
import { type DriveRouter, estimatedRouter, orderTracking, trackingFigures } from './index'
import { arrivalPredictions } from './schema'

// Issue 40: the arrival recorded at pick-up is the one the buyer was shown, the route service's
// drive when ROUTING_URL is set, and each delivery is measured against it.
const ROUTED_SECONDS = 1_730
const ROUTED_MINUTES = Math.ceil(ROUTED_SECONDS / 60)
const MINUTE = 60_000

/** A stand-in for the route service at ROUTING_URL: OSRM's answer, or whatever a test sets. */
let answer: () => Response = () => Response.json({ code: 'Ok', routes: [{ duration: ROUTED_SECONDS }] })
const osrm = Bun.serve({ port: 0, fetch: () => answer() })
afterAll(() => osrm.stop(true))

const api = await testApi({ env: { ROUTING_URL: `http://127.0.0.1:${osrm.port}` } })
const { call, clock, db, providers } = api
const store = await api.addStore({ name: 'Arrival Test Store', latitude: 40.53, longitude: -74.3973 })
/** Where the test buyers live: the centroid of Edison's 08817, as their profiles are placed. */
const home = (await zipCentroid('08817'))!
const estimatedMinutes = Math.ceil((await estimatedRouter.driveSeconds(store.store, home)) / 60)

const dispatch = () => dispatchOrderEvents({ db, clock, push: providers.push })
const predictedAt = async (orderId: string) =>
  (await db.select().from(arrivalPredictions).where(eq(arrivalPredictions.orderId, orderId)))[0]?.predictedAt.toISOString()
const minutesAfterNow = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE).toISOString()
const etaShown = async (orderId: string, cookie: string) => ((await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order).eta

describe("the arrival predicted at pick-up, with ROUTING_URL's route service", () => {
  test('recorded by the estimate in the pick-up, then, once it committed, the drive the buyer was shown; the arrival is measured against it', async () => {
    expect(estimatedMinutes).not.toBe(ROUTED_MINUTES)
    const { buyer, runner, order } = await api.pickedUpOrder(store)
    // In the pick-up's transaction no route service is asked: a prediction exists at once.
    expect(await predictedAt(order.id)).toBe(minutesAfterNow(estimatedMinutes))
    const shown = await etaShown(order.id, buyer.cookie)
    expect(shown).toEqual({ minutes: ROUTED_MINUTES, at: minutesAfterNow(ROUTED_MINUTES) })

    await dispatch()
    expect(await predictedAt(order.id)).toBe(shown!.at)

    // Three minutes late against the route service's drive: what `runners show` prints.
    clock.advance((ROUTED_MINUTES + 3) * MINUTE)
    const delivered = await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    expect(delivered.status).toBe(200)
    expect(await trackingFigures.arrivalError(db, runner.user.id)).toEqual({ deliveries: 1, medianAbsoluteErrorMinutes: 3 })
  })

  test('a route service that is down leaves the estimate, as the buyer was shown it; a router that throws leaves it too, and throws nothing', async () => {
    answer = () => new Response('down', { status: 503 })
    const { buyer, order } = await api.pickedUpOrder(store)
    const estimate = minutesAfterNow(estimatedMinutes)
    expect((await etaShown(order.id, buyer.cookie))?.at).toBe(estimate)
    await dispatch()
    expect(await predictedAt(order.id)).toBe(estimate)

    const broken: DriveRouter = {
      driveSeconds: () => Promise.reject(new Error('no route')),
    }
    await orderTracking(broken).followUp(db, (await findOrder(db, order.id))!, 'picked_up')
    expect(await predictedAt(order.id)).toBe(estimate)
  })
})
