import { describe, expect, test } from 'bun:test'
import { preparedDatabase, runCli } from '../testing/cli'

// The development clock offset, as a developer uses it: an order placed just now, and the
// 30-minute sweep run from the CLI with the clock moved past its hold.
const placed = { waiting: '' }

const database = preparedDatabase(async (api) => {
  api.clock.set(new Date())
  const store = await api.addStore({ name: 'CLI Clock Store', latitude: 40.52, longitude: -74.3973 })
  const buyer = await api.completeAccount({ firstName: 'Meera' })
  placed.waiting = (await api.placeOrder(buyer.cookie, store)).id
})

const status = async () => JSON.parse((await runCli(database, ['orders', 'show', placed.waiting, '--json'])).stdout).order.status

describe('DEV_CLOCK_OFFSET_MINUTES', () => {
  test('refused in production with one line, changing nothing', async () => {
    const run = await runCli(database, ['orders', 'sweep'], { NODE_ENV: 'production', DEV_CLOCK_OFFSET_MINUTES: '31' })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toStartWith('Invalid configuration: DEV_CLOCK_OFFSET_MINUTES must not be set in production')
    expect(await status()).toBe('pending_runner_acceptance')
  })

  test('without it the order placed just now waits; 31 minutes ahead, the sweep cancels it', async () => {
    expect((await runCli(database, ['orders', 'sweep'])).stdout).toContain('Sweep: 0 orders cancelled')
    const ahead = await runCli(database, ['orders', 'sweep'], { DEV_CLOCK_OFFSET_MINUTES: '31' })
    expect(ahead.code).toBe(0)
    expect(ahead.stdout).toContain(`cancelled order ${placed.waiting}`)
    expect(await status()).toBe('cancelled')
  })
})
