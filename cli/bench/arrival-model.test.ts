import { describe, expect, test } from 'bun:test'
import { distanceMiles, METERS_PER_MILE } from '../../modules/shared/index'
import { between, pointNear, SPEED_RANGE_KMH, seededRandom, simulatedDriveMs, simulatedShoppingMs } from './arrival-model'

describe("the arrival bench's simulated deliveries", () => {
  test('the same seed draws the same numbers, another seed others, all in [0, 1)', () => {
    const first = Array.from({ length: 1000 }, seededRandom(42))
    expect(Array.from({ length: 1000 }, seededRandom(42))).toEqual(first)
    expect(Array.from({ length: 1000 }, seededRandom(43))).not.toEqual(first)
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true)
    // Spread over the interval, not stuck in one part of it.
    expect(first.filter((value) => value < 0.5).length).toBeGreaterThan(400)
    expect(first.filter((value) => value < 0.5).length).toBeLessThan(600)
  })

  test('a drawn value stays within its range', () => {
    const random = seededRandom(1)
    const speeds = Array.from({ length: 500 }, () => between(random, SPEED_RANGE_KMH))
    expect(Math.min(...speeds)).toBeGreaterThanOrEqual(18)
    expect(Math.max(...speeds)).toBeLessThan(35)
  })

  test('a point near a centre is within the radius', () => {
    const random = seededRandom(7)
    const centre = { latitude: 40.5171, longitude: -74.3973 }
    const kms = Array.from({ length: 500 }, () => (distanceMiles(centre, pointNear(random, centre, 6)) * METERS_PER_MILE) / 1000)
    expect(Math.max(...kms)).toBeLessThanOrEqual(6.01)
    expect(Math.max(...kms)).toBeGreaterThan(5)
  })

  test('a 10 km straight line drives between 1.2 × 10 km at 35 km/h and 1.6 × 10 km at 18 km/h', () => {
    const random = seededRandom(3)
    const minutes = Array.from({ length: 500 }, () => simulatedDriveMs(random, 10) / 60_000)
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual((12 / 35) * 60)
    expect(Math.max(...minutes)).toBeLessThanOrEqual((16 / 18) * 60)
  })

  test('shopping three lines takes 1–4 min a line and 3–8 min at the till', () => {
    const random = seededRandom(5)
    const minutes = Array.from({ length: 500 }, () => simulatedShoppingMs(random, 3) / 60_000)
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(6)
    expect(Math.max(...minutes)).toBeLessThanOrEqual(20)
    expect(simulatedShoppingMs(seededRandom(5), 0)).toBeLessThanOrEqual(8 * 60_000)
  })
})
