import { screen, within } from '@testing-library/react'
import type { PayoutAccount, PayoutLine, PayoutsResponse } from '../../../modules/payouts/contract'
import { type Answer, fakeApi } from '../../testing/fake-api'
import type { ManualClock } from '../../testing/manual-clock'
import { aRunner } from '../../testing/order-fixtures'
import { aPayoutLine } from '../../testing/payout-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { EarningsPage } from '../earnings'

// What the Earnings screen's tests share: a statement and its parts as the server sends them, the
// server answering it, the screen opened on the test's clock, and the places on it they read.

export const at = (iso: string) => new Date(iso).toISOString()

export const aLine = (n: number, overrides: Partial<PayoutLine> = {}): PayoutLine =>
  aPayoutLine({ id: `line-${n}`, orderId: `8a1c2e3f-0000-4000-8000-0000048f4d${String(n).padStart(2, '0')}`, ...overrides })

export const account = (overrides: Partial<PayoutAccount> = {}): PayoutAccount => ({
  status: 'none',
  payoutsEnabled: false,
  restrictedReason: null,
  restrictedCode: null,
  returnCode: null,
  bankLast4: null,
  ...overrides,
})

export const statement = (overrides: Partial<PayoutsResponse> = {}): PayoutsResponse => ({
  account: account(),
  balance: { pendingCents: 700, heldCents: 1250, availableCents: 950, inTransitCents: 0, returnedCents: 0, paidCents: 4100 },
  earnings: [aLine(1)],
  nextCursor: null,
  ...overrides,
})

type Handlers = Parameters<typeof fakeApi>[0]

export const payoutsServer = (answer: PayoutsResponse | (() => Answer), overrides: Handlers = {}) =>
  fakeApi({ 'GET /api/runner/payouts': typeof answer === 'function' ? answer : () => [200, answer], ...overrides })

export async function openEarnings(clock: ManualClock, { url = '/earnings', user = aRunner() } = {}) {
  const rendered = renderScreen(EarningsPage, { path: '/earnings', url, user, clock })
  await screen.findByRole('heading', { level: 1 })
  return rendered
}

/** Waits for the statement to be on screen. */
export const statementShown = () => screen.findByRole('heading', { level: 2, name: 'Balances' })

export const balance = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
export const line = (orderNumber: string) => screen.getByRole('article', { name: `Delivery #${orderNumber}` })
export const payouts = () => within(screen.getByRole('region', { name: 'Payouts' }))
