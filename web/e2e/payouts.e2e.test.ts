import { describe, expect, test } from 'bun:test'
import { shortOrderId } from '../../modules/orders/contract'
import { heading } from './account-steps'
import { DESKTOP, screenshot, useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'

/**
 * A new runner gets paid: they deliver, set up payouts on the embedded stand-in's onboarding page
 * (filled in by its labels, as a person would), support runs `payouts run` beside the server, and
 * Earnings, left open, shows the amount paid as soon as the run's notice arrives. The server pays
 * out with no window for problem reports.
 */
const env = useServerAndBrowser({ PAYOUT_HOLD_HOURS: '0' })
const { url, buyerWithOrder, runnerRavi, deliver, cli } = orderSteps(env)

describe('a runner gets paid', () => {
  test('delivers, sets up payouts on the onboarding page, and sees the transfer on Earnings after support runs payouts', async () => {
    const { order } = await buyerWithOrder('(732) 555-0192')
    const runner = await runnerRavi('(732) 555-0193')
    await runner.context().grantPermissions(['notifications'], { origin: env.server.url })
    await deliver(runner, order)
    const line = runner.getByRole('article', { name: `Delivery #${shortOrderId(order.id)}` })

    await runner.goto(url('/earnings'))
    await heading(runner, 'Earnings')
    await line.getByText('Available').waitFor()
    await runner.getByRole('button', { name: 'Set up payouts' }).click()
    await runner.waitForURL((address) => address.pathname === '/payouts/onboarding')

    // A wrong routing number and an under-18 birthday are refused beside their fields; nothing is sent twice.
    await runner.getByLabel('Legal name').fill('Ravi Kumar')
    await runner.getByLabel('Date of birth').fill(new Date(Date.now() - 17 * 365 * 86_400_000).toISOString().slice(0, 10))
    await runner.getByLabel('Last 4 of SSN').fill('1234')
    await runner.getByLabel('Routing number').fill('021000021')
    await runner.getByLabel('Account number').fill('000123456789')
    await runner.getByRole('button', { name: 'Save and continue' }).click()
    await runner
      .getByText(/110000000/)
      .first()
      .waitFor()
    await runner.getByText(/18/).first().waitFor()
    await screenshot(runner, 'payouts-onboarding-errors-phone')
    await runner.getByLabel('Date of birth').fill('1990-04-12')
    await runner.getByLabel('Routing number').fill('110000000')
    // Back on Earnings the app opens its notification stream (2 s after the page loads): the run's notice comes that way.
    const stream = runner.waitForRequest((request) => new URL(request.url()).pathname === '/api/notifications/stream', { timeout: 15_000 })
    await runner.getByRole('button', { name: 'Save and continue' }).click()

    await runner.waitForURL((address) => address.pathname === '/earnings')
    await runner.getByText("You're all set: payouts are on.").waitFor()
    await stream
    await screenshot(runner, 'payouts-enabled-phone')

    const run = cli('payouts', 'run')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Transferred 1 lines, $7.00; 0 refused')
    const listed = JSON.parse(cli('payouts', 'list', '--runner', '(732) 555-0193', '--json').stdout) as {
      orderId: string
      status: string
      amountCents: number
    }[]
    expect(listed).toEqual([expect.objectContaining({ orderId: order.id, status: 'paid', amountCents: 700 })])

    // No reload: the run's notice reaches the open screen, which fetches the statement again.
    await line.getByText(/^Paid /).waitFor({ timeout: 15_000 })
    await runner.getByText('Available earnings are sent to your bank account ending 6789.', { exact: false }).waitFor()
    expect(await runner.locator('dl.earnings-balances').textContent()).toContain('Paid$7.00')
    await screenshot(runner, 'payouts-paid-phone')
    await runner.setViewportSize(DESKTOP)
    await screenshot(runner, 'payouts-paid-desktop')
    await runner.context().close()
  }, 120_000)
})
