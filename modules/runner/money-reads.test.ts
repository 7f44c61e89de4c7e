import { expect, test } from 'bun:test'
import type { z } from 'zod'
import { testApi } from '../../testing/test-api'
import type { payoutsResponseSchema } from '../payouts/index'

type PayoutsResponse = z.infer<typeof payoutsResponseSchema>

// A runner's stats and payouts are read in batches shared by the requests that come together
// (batchedLookup): a batch holds many runners, and each request must get only its own runner's figures.
const api = await testApi()
const { call, clock, completeAccount, addStore } = api
const store = await addStore({ name: 'Batched Reads Store', latitude: 40.53, longitude: -74.3973 })

test('runners asking at once each get their own stats and payouts, each today in their own zone', async () => {
  const ravi = await completeAccount({ roles: ['runner'] })
  const meera = await completeAccount({ roles: ['runner'] })
  expect((await call('PATCH', '/api/runner/availability', { cookie: meera.cookie, body: { timeZone: 'Asia/Kolkata' } })).status).toBe(200)
  // 11:30 pm in New York on the 2nd is already the 3rd in Kolkata (10:00 am).
  clock.set(new Date('2026-11-03T04:30:00Z'))
  await api.deliveredOrder(store, { runner: ravi })
  await api.deliveredOrder(store, { runner: ravi })
  await api.deliveredOrder(store, { runner: meera })
  clock.set(new Date('2026-11-03T15:00:00Z'))

  const ask = (runner: typeof ravi, path: string) => call('GET', path, { cookie: runner.cookie })
  const rounds = await Promise.all(
    Array.from({ length: 4 }, () => [
      ask(ravi, '/api/runner/stats'),
      ask(meera, '/api/runner/stats'),
      ask(ravi, '/api/runner/payouts'),
      ask(meera, '/api/runner/payouts'),
    ]).flat(),
  )
  for (let at = 0; at < rounds.length; at += 4) {
    const [raviStats, meeraStats, raviPayouts, meeraPayouts] = rounds.slice(at, at + 4).map((answer) => answer!.body)
    expect(raviStats).toMatchObject({ timeZone: 'America/New_York', today: { deliveries: 0, earnings: '0.00' }, allTime: { deliveries: 2, earnings: '14.00' } })
    expect(meeraStats).toMatchObject({ timeZone: 'Asia/Kolkata', today: { deliveries: 1, earnings: '7.00' }, allTime: { deliveries: 1, earnings: '7.00' } })
    const raviStatement = raviPayouts as unknown as PayoutsResponse
    const meeraStatement = meeraPayouts as unknown as PayoutsResponse
    expect(raviStatement.balance.pendingCents).toBe(1400)
    expect(raviStatement.earnings).toHaveLength(2)
    expect(meeraStatement.balance.pendingCents).toBe(700)
    expect(meeraStatement.earnings).toHaveLength(1)
  }
})
