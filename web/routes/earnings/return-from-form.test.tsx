import { beforeEach, describe, expect, test } from 'bun:test'
import { waitFor } from '@testing-library/react'
import type { PayoutAccount } from '../../../modules/payouts/contract'
import { payoutStatementQueryOptions } from '../../features/payouts/api/payout-statement'
import { type ManualClock, manualClock } from '../../testing/manual-clock'
import { aRunner } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { button } from '../../testing/screen-queries'
import { settled } from '../../testing/settled'
import { EarningsPage } from '../earnings'
import { account, openEarnings, payouts, payoutsServer, statement, statementShown } from './earnings-screen'
import { RETURN_CHECK_DELAYS_MS } from './use-return-check'

let clock: ManualClock
beforeEach(() => {
  clock = manualClock(Date.parse('2026-01-05T12:00:00Z'))
})

describe('Earnings, back from the payout form', () => {
  test('asks again at once, though the device had the statement; while it is still being set up it says it is checking, and asks again after longer waits', async () => {
    let status: PayoutAccount['status'] = 'onboarding'
    const server = payoutsServer(() => [200, statement({ account: account({ status, payoutsEnabled: status === 'enabled' }) })])
    const kept = { pages: [statement({ account: account({ status: 'onboarding' }) })], pageParams: [null] }
    renderScreen(EarningsPage, {
      path: '/earnings',
      url: '/earnings?payouts=returned',
      user: aRunner(),
      clock,
      queryData: [[payoutStatementQueryOptions().queryKey, kept]],
    })
    await statementShown()
    const asked = () => server.callsTo('GET /api/runner/payouts').length
    await waitFor(() => expect(asked()).toBe(1))
    await settled()
    const check = payouts().getByRole('status')
    expect(check.textContent).toBe("We're checking your details with the payment service...")

    clock.advance(RETURN_CHECK_DELAYS_MS[0] - 1)
    await settled()
    expect(asked()).toBe(1)
    clock.advance(1)
    await waitFor(() => expect(asked()).toBe(2))
    await settled()

    status = 'enabled'
    clock.advance(RETURN_CHECK_DELAYS_MS[1])
    await waitFor(() => expect(check.textContent).toBe("You're all set: payouts are on."))
    expect(payouts().getByText('Active')).toBeDefined()
    expect(payouts().queryByRole('button')).toBeNull()
    clock.advance(60_000)
    await settled()
    expect(asked()).toBe(3)
  })

  test('still unfinished after every check, it says what to do', async () => {
    const server = payoutsServer(statement({ account: account({ status: 'onboarding' }) }))
    await openEarnings(clock, { url: '/earnings?payouts=returned' })
    await statementShown()
    const asked = () => server.callsTo('GET /api/runner/payouts').length
    // The first check is the screen's own first fetch.
    expect(asked()).toBe(1)
    for (const [index, delay] of RETURN_CHECK_DELAYS_MS.entries()) {
      await settled()
      clock.advance(delay)
      await waitFor(() => expect(asked()).toBe(index + 2))
    }
    await waitFor(() => expect(payouts().getByRole('status').textContent).toContain("Your details aren't confirmed yet"))
    expect(button('Finish setting up payouts').disabled).toBe(false)
    clock.advance(60_000)
    await settled()
    expect(asked()).toBe(RETURN_CHECK_DELAYS_MS.length + 1)
  })

  test('an expired link says to start again', async () => {
    payoutsServer(statement({ account: account({ status: 'onboarding' }) }))
    await openEarnings(clock, { url: '/earnings?payouts=expired' })
    await statementShown()
    expect(payouts().getByText(/That set-up link had expired/)).toBeDefined()
    expect(payouts().getByRole('status').textContent).toBe('')
  })
})
