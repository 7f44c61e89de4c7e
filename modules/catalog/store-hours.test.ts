import { describe, expect, test } from 'bun:test'
import { testApi } from '../../testing/test-api'
import type { NearbyStore, Store } from './contract'
import { importStores, type LocatedStoreRecord } from './import'
import { closeStore, reopenStore, storeHoursOf } from './store-hours'

// Store answers against the test's clock: Friday 27 November 2026, in New York unless said.
const api = await testApi()
const { call, signUp, db, clock } = api
const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const PATEL = 'mon-sat 09:00-21:00; sun 10:00-19:00'
const place = (name: string, north: number, extra: Partial<LocatedStoreRecord> = {}): LocatedStoreRecord => ({
  name,
  address: `${name} Way, Edison, NJ 08817`,
  zipCode: '08817',
  latitude: EDISON.latitude + north,
  longitude: EDISON.longitude,
  items: [],
  ...extra,
})
await importStores(db, [
  place('Hours Store', 0.001, { hours: PATEL }),
  place('West Store', 0.002, { hours: PATEL, timeZone: 'America/Los_Angeles' }),
  place('Plain Store', 0.003),
])
const friday = (time: string) => new Date(`2026-11-27T${time}:00-05:00`)

const search = async () => {
  const response = await call('GET', `/api/stores/nearby?latitude=${EDISON.latitude}&longitude=${EDISON.longitude}`)
  expect(response.status).toBe(200)
  return Object.fromEntries((response.body as unknown as NearbyStore[]).map((store) => [store.name, store]))
}

describe('store answers carry their hours and whether they are open now', () => {
  test('the nearby search: each store in its own zone; a store given no hours is open around the clock', async () => {
    clock.set(friday('20:00'))
    const found = await search()
    expect(found['Hours Store']).toMatchObject({
      hours: PATEL,
      timeZone: 'America/New_York',
      openNow: true,
      nextChange: { at: friday('21:00').toISOString(), opens: false },
    })
    // 5 PM in Los Angeles: it closes at 9 PM there, midnight in New York.
    expect(found['West Store']).toMatchObject({ openNow: true, nextChange: { at: '2026-11-28T05:00:00.000Z', opens: false } })
    expect(found['Plain Store']).toMatchObject({ hours: 'mon-sun 00:00-24:00', timeZone: 'America/New_York', openNow: true, nextChange: null })

    clock.set(friday('22:00'))
    expect((await search())['Hours Store']).toMatchObject({ openNow: false, nextChange: { at: '2026-11-28T14:00:00.000Z', opens: true } })
  })

  test('the store page, and a closure moving the next opening past it; reopening the day brings it back', async () => {
    const { cookie } = await signUp()
    const id = (await search())['Hours Store']!.id
    await closeStore(db, id, { from: '2026-11-28', to: '2026-11-28', reason: 'Family wedding' })
    clock.set(friday('22:00'))
    const page = await call('GET', `/api/stores/${id}`, { cookie })
    expect(page.status).toBe(200)
    expect(page.body as unknown as Store).toMatchObject({
      hours: PATEL,
      openNow: false,
      nextChange: { at: '2026-11-29T15:00:00.000Z', opens: true },
      closedFor: null,
    })
    expect((await storeHoursOf(db, clock, id)).closures).toEqual([{ from: '2026-11-28', to: '2026-11-28', reason: 'Family wedding' }])
    // On the day, the page and the search say why it is closed.
    clock.set(new Date('2026-11-28T12:00:00-05:00'))
    expect((await call('GET', `/api/stores/${id}`, { cookie })).body).toMatchObject({ openNow: false, closedFor: 'Family wedding' })
    expect((await search())['Hours Store']).toMatchObject({ openNow: false, closedFor: 'Family wedding' })
    clock.set(friday('22:00'))

    expect(await reopenStore(db, id, '2026-11-28')).toHaveLength(1)
    expect((await call('GET', `/api/stores/${id}`, { cookie })).body).toMatchObject({ nextChange: { at: '2026-11-28T14:00:00.000Z', opens: true } })
    expect((await storeHoursOf(db, clock, id)).closures).toEqual([])
  })

  test('a closure that ended before yesterday is no longer read', async () => {
    const id = (await search())['Hours Store']!.id
    await closeStore(db, id, { from: '2026-11-20', to: '2026-11-25', reason: 'Renovation' })
    clock.set(friday('12:00'))
    expect((await storeHoursOf(db, clock, id)).closures).toEqual([])
    expect((await search())['Hours Store']).toMatchObject({ openNow: true })
  })
})
