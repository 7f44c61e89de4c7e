import { expect, test } from 'bun:test'
import { zipCentroid } from '../modules/shared/index'
import { estimatedRouter } from '../modules/tracking/index'
import { preparedDatabase, runCli } from '../testing/cli'

// A runner's ETA error as support reads it: three deliveries by the test clock, each arriving a
// known number of minutes after (or before) the arrival predicted at its pick-up.
const made = { phone: '', otherPhone: '' }
const MINUTE = 60_000
const OFF_BY_MINUTES = [2, -4, 10]

const database = preparedDatabase(async (api) => {
  const store = await api.addStore({ name: 'CLI ETA Store', latitude: 40.53, longitude: -74.3973 })
  const home = (await zipCentroid('08817'))!
  const driveMinutes = Math.ceil((await estimatedRouter.driveSeconds(store.store, home)) / 60)
  const runner = await api.completeAccount({ roles: ['runner'] })
  made.phone = runner.user.phone
  made.otherPhone = (await api.completeAccount({ roles: ['runner'] })).user.phone
  for (const off of OFF_BY_MINUTES) {
    const { order } = await api.pickedUpOrder(store, { runner })
    api.clock.advance((driveMinutes + off) * MINUTE)
    const delivered = await api.call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    expect(delivered.status).toBe(200)
  }
})

test("runners show prints the runner's own median absolute ETA error, and none for a runner with no delivery", async () => {
  const shown = await runCli(database, ['runners', 'show', made.phone])
  expect(shown.code).toBe(0)
  // |2|, |-4|, |10|: the median is 4.
  expect(shown.stdout).toContain("ETA error: median 4 min off the pick-up's prediction, over 3 deliveries")
  const json = JSON.parse((await runCli(database, ['runners', 'show', made.phone, '--json'])).stdout)
  expect(json.arrivals).toEqual({ deliveries: 3, medianAbsoluteErrorMinutes: 4 })
  expect((await runCli(database, ['runners', 'show', made.otherPhone])).stdout).toContain('ETA error: no delivery measured yet')
})
