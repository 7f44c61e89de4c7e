import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { shortOrderId } from '../../modules/orders/contract'
import type { PayoutLine, PayoutsResponse } from '../../modules/payouts/contract'
import { aPayoutLine } from '../testing/payout-fixtures'
import { expectComfortableLayout, heading } from './account-steps'
import { DESKTOP, PHONE, screenshot, useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { shotAt } from './phone-shots'

/**
 * A runner's Earnings at phone and desktop size: after a delivery, its line waits out the window
 * for problem reports, the balances say so, and the way to set up payouts is offered. A second
 * look answers the statement in the page with a line in every state, to see each of them laid out.
 */
const env = useServerAndBrowser()
const { url, buyerWithOrder, runnerRavi, deliver } = orderSteps(env)

/** The whole page from its top. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

const iso = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * 3_600_000).toISOString()

/** A statement with a line in each state: what a runner a few weeks in might see. */
function everyState(orderId: string): PayoutsResponse {
  const line = (n: number, overrides: Partial<PayoutLine>): PayoutLine =>
    aPayoutLine({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      orderId: n === 1 ? orderId : `5e7a90c2-1b3d-4f6a-9c8e-00000a1b2c${n}d`,
      availableAt: iso(47),
      createdAt: iso(-n * 20),
      ...overrides,
    })
  return {
    account: {
      status: 'restricted',
      payoutsEnabled: false,
      restrictedReason:
        'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.',
      restrictedCode: 'payout_returned',
      returnCode: 'account_closed',
      bankLast4: '1116',
    },
    balance: { pendingCents: 700, heldCents: 1200, availableCents: 950, inTransitCents: 800, returnedCents: 900, paidCents: 1850 },
    earnings: [
      line(1, {}),
      line(2, { status: 'held', amountCents: 1200 }),
      line(3, { status: 'available', amountCents: 950, availableAt: iso(-12), lastAttemptRefused: true }),
      line(4, { status: 'paid', amountCents: 1100, paidAt: iso(-70), bankPaidAt: iso(-68), transferId: 'tr_3PqLm2Kc9aBdXyZ01' }),
      line(5, { status: 'paid', amountCents: 1050, reversedCents: 300, paidAt: iso(-90), bankPaidAt: iso(-88), transferId: 'tr_3PqKj8Hb7cEfWvU02' }),
      line(6, { status: 'in_transit', amountCents: 800, paidAt: iso(-2), transferId: 'tr_3PqMn4Ld0bCeYzA03' }),
      line(7, {
        status: 'returned',
        amountCents: 900,
        paidAt: iso(-30),
        transferId: 'tr_3PqNo5Me1cDfZaB04',
        returnedAt: iso(-28),
        returnReason: 'the bank account is closed',
        returnCode: 'account_closed',
      }),
    ],
    nextCursor: 'more',
  }
}

describe('Earnings', () => {
  test('a delivered order waits out its window on Earnings, reached from the dashboard, at phone and desktop size', async () => {
    const { order } = await buyerWithOrder('(732) 555-0190')
    const runner = await runnerRavi('(732) 555-0191')
    await deliver(runner, order)
    const deliveryLine = runner.getByRole('article', { name: `Delivery #${shortOrderId(order.id)}` })

    // From the dashboard's earnings card.
    await runner.goto(url('/runner'))
    await heading(runner, 'Ready to earn, Ravi?')
    const toEarnings = runner.getByRole('link', { name: 'See earnings and payouts' })
    await shotAt(runner, 'runner-dashboard-earnings-link-phone', toEarnings)
    await toEarnings.click()
    await heading(runner, 'Earnings')
    await deliveryLine.getByText(/^Pending until /).waitFor()
    await deliveryLine.getByText('$7.00', { exact: true }).waitFor()
    expect(await runner.locator('dl.earnings-balances').textContent()).toContain('Pending$7.00')
    await runner.getByRole('button', { name: 'Set up payouts' }).waitFor()
    await expectComfortableLayout(runner)
    await shot(runner, 'earnings-phone')

    // Back from the form: the screen checks with the server before it says anything.
    await runner.goto(url('/earnings?payouts=returned'))
    await runner.getByText("We're checking your details with the payment service...").waitFor()
    await shot(runner, 'earnings-returned-phone')

    await runner.setViewportSize(DESKTOP)
    await runner.goto(url('/earnings'))
    await deliveryLine.waitFor()
    await shot(runner, 'earnings-desktop')

    // Every state of a line, answered in the page.
    await runner.route('**/api/runner/payouts', (route) => route.fulfill({ json: everyState(order.id) }))
    await runner.goto(url('/earnings'))
    await runner.getByText('Held: problem open').waitFor()
    await runner.getByText('Returned by your bank').waitFor()
    await shot(runner, 'earnings-every-state-desktop')
    await runner.setViewportSize(PHONE)
    await runner.getByRole('button', { name: 'Update payout details' }).waitFor()
    await expectComfortableLayout(runner)
    await shot(runner, 'earnings-every-state-phone')
    // The lines as a phone shows them, below the tabs' edge in the whole-page shot.
    await shotAt(runner, 'earnings-lines-phone', runner.getByRole('list', { name: 'Statement' }))
    await runner.context().close()
  })
})
