import { afterAll, describe, expect, test } from 'bun:test'
import { distanceMiles, METERS_PER_MILE } from '../shared/index'
import { CHECKOUT_MINUTES, DETOUR_FACTOR, SHOPPING_MINUTES_PER_LINE, URBAN_SPEED_KMH } from './contract'
import { type DriveRouter, estimatedRouter, osrmRouter } from './drive-router'
import { etaOf } from './eta'

const now = new Date('2026-11-01T18:00:00Z')
const store = { latitude: 40.53, longitude: -74.3973 }
const home = { latitude: 40.53, longitude: -74.3573 }
const runner = { latitude: 40.55, longitude: -74.3973 }

/** A router that answers a fixed number of seconds for every drive, and counts what it was asked. */
const fixedRouter = (seconds: number) => {
  const asked: string[] = []
  const router: DriveRouter = {
    async driveSeconds(from, to) {
      asked.push(`${from.latitude},${from.longitude}->${to.latitude},${to.longitude}`)
      return seconds
    },
  }
  return { router, asked }
}

describe('the ETA', () => {
  test('the estimate: straight line × 1.3 detour ÷ 25 km/h', async () => {
    const meters = distanceMiles(store, home) * METERS_PER_MILE
    expect(meters).toBeGreaterThan(3300)
    expect(meters).toBeLessThan(3400)
    expect(await estimatedRouter.driveSeconds(store, home)).toBeCloseTo((meters * DETOUR_FACTOR) / ((URBAN_SPEED_KMH * 1000) / 3600), 6)
    expect([DETOUR_FACTOR, URBAN_SPEED_KMH, SHOPPING_MINUTES_PER_LINE, CHECKOUT_MINUTES]).toEqual([1.3, 25, 2, 5])
  })

  test('before pick-up: to the store, each unpicked line, the till, then home; minutes rounded up, at from the fixed clock', async () => {
    const { router, asked } = fixedRouter(600)
    const eta = await etaOf(router, { status: 'runner_accepted', unpickedLines: 3, store, home, runner }, now)
    // 10 min to the store + 3 lines × 2 + 5 at the till + 10 home.
    expect(eta).toEqual({ minutes: 31, at: '2026-11-01T18:31:00.000Z' })
    expect(asked.sort()).toEqual([`40.53,-74.3973->40.53,-74.3573`, `40.55,-74.3973->40.53,-74.3973`])
  })

  test('before pick-up with no point yet, the runner is taken to be at the store', async () => {
    const { router, asked } = fixedRouter(61)
    expect(await etaOf(router, { status: 'runner_accepted', unpickedLines: 0, store, home, runner: null }, now)).toEqual({
      minutes: 7,
      at: '2026-11-01T18:07:00.000Z',
    })
    expect(asked).toEqual([`40.53,-74.3973->40.53,-74.3573`])
  })

  test('after pick-up: only the drive home from the last point', async () => {
    const { router, asked } = fixedRouter(125)
    expect(await etaOf(router, { status: 'picked_up', unpickedLines: 4, store, home, runner }, now)).toEqual({ minutes: 3, at: '2026-11-01T18:03:00.000Z' })
    expect(asked).toEqual([`40.55,-74.3973->40.53,-74.3573`])
  })
})

describe('the route service at ROUTING_URL', () => {
  const asked: string[] = []
  let answer: () => Response | Promise<Response> = () => Response.json({ code: 'Ok', routes: [{ duration: 420.5 }] })
  const osrm = Bun.serve({
    port: 0,
    fetch(request) {
      asked.push(new URL(request.url).pathname)
      return answer()
    },
  })
  afterAll(() => osrm.stop(true))
  const router = osrmRouter(`http://127.0.0.1:${osrm.port}/`, estimatedRouter, 200)

  test("its drive is the route's duration, asked as lon,lat;lon,lat", async () => {
    expect(await router.driveSeconds(store, home)).toBe(420.5)
    expect(asked.at(-1)).toBe('/route/v1/driving/-74.3973,40.53;-74.3573,40.53')
  })

  test('a failure, a refusal or a slow answer falls back to the estimate', async () => {
    const estimate = await estimatedRouter.driveSeconds(store, home)
    answer = () => new Response('down', { status: 503 })
    expect(await router.driveSeconds(store, home)).toBe(estimate)
    answer = () => Response.json({ code: 'NoRoute', routes: [] })
    expect(await router.driveSeconds(store, home)).toBe(estimate)
    answer = () => Bun.sleep(1_000).then(() => Response.json({ code: 'Ok', routes: [{ duration: 1 }] }))
    const started = performance.now()
    expect(await router.driveSeconds(store, home)).toBe(estimate)
    expect(performance.now() - started).toBeLessThan(900)
  })
})
