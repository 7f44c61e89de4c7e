import { beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { formatOrderDate } from '../features/orders/order-figures'
import { showLanguage } from '../i18n/language'
import { formatMoment } from '../lib/format-time'
import { type Answer, deferred, fakeApi } from '../testing/fake-api'
import { aBuyer } from '../testing/fixtures'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { aRunner } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { button } from '../testing/screen-queries'
import { EarningsPage } from './earnings'
import { account, aLine, at, balance, line, openEarnings, payouts, payoutsServer, statement, statementShown } from './earnings/earnings-screen'

let clock: ManualClock
beforeEach(() => {
  clock = manualClock(Date.parse('2026-01-05T12:00:00Z'))
})

describe('Earnings /earnings', () => {
  test('in Tamil: the payout card, the balances and the statement are in Tamil; amounts stay in dollars', async () => {
    payoutsServer(statement())
    await showLanguage('ta')
    try {
      await openEarnings(clock)
      await screen.findByRole('heading', { name: 'பேஅவுட்கள்' })
      expect(screen.getByRole('heading', { name: 'இருப்புகள்' })).toBeDefined()
      expect(screen.getByRole('heading', { name: 'கணக்கு விவரம்' })).toBeDefined()
      expect(button('பேஅவுட்டை அமையுங்கள்')).toBeDefined()
      expect(balance('நிலுவையில்')).toBe('$7.00')
      expect(screen.getByText('இதைப் பெற பேஅவுட்டை அமையுங்கள்')).toBeDefined()
    } finally {
      await showLanguage('en')
    }
  })

  test("in Hindi: why the bank sent a payout back and why payouts are on hold are said in Hindi from their codes; a code the screen does not know yet, in the server's English", async () => {
    const returned = { returnedAt: at('2026-01-04T11:00:00Z'), returnReason: 'the bank account is closed', returnCode: 'account_closed' }
    const heldAccount = account({
      status: 'restricted',
      restrictedReason: 'A payout to your bank account came back: the bank account is closed. (…)',
      restrictedCode: 'payout_returned',
      returnCode: 'account_closed',
    })
    payoutsServer(
      statement({
        account: heldAccount,
        earnings: [
          aLine(1, { status: 'returned', paidAt: at('2026-01-04T10:00:00Z'), ...returned }),
          aLine(2, { status: 'returned', paidAt: at('2026-01-04T10:00:00Z'), ...returned, returnReason: 'the bank is on the moon', returnCode: 'moon_bank' }),
        ],
      }),
    )
    await showLanguage('hi')
    try {
      await openEarnings(clock)
      await screen.findByText('आपके बैंक खाते में भेजा गया एक पेआउट लौट आया: बैंक खाता बंद है। इसे फिर से भेजने के लिए पेआउट की जानकारी में कोई दूसरा बैंक खाता डालें।')
      const [closed, unknown] = screen.getAllByRole('article')
      expect(closed!.textContent).toContain(': बैंक खाता बंद है।')
      expect(unknown!.textContent).toContain(': the bank is on the moon।')
      expect(document.body.textContent).not.toContain('the bank account is closed')
    } finally {
      await showLanguage('en')
    }
  })

  test('shows the four balances as money, with what each means', async () => {
    payoutsServer(statement())
    await openEarnings(clock)
    await statementShown()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Earnings')
    expect(balance('Pending')).toBe('$7.00')
    expect(balance('Held')).toBe('$12.50')
    expect(balance('Available')).toBe('$9.50')
    expect(balance('Paid')).toBe('$41.00')
    expect(screen.getByText('Set up payouts to receive it')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Runner Dashboard' }).getAttribute('href')).toBe('/runner')
  })

  test.each([
    ['none', 'Not set up', 'Set up payouts'],
    ['onboarding', 'Unfinished', 'Finish setting up payouts'],
    ['restricted', 'On hold', 'Update payout details'],
  ] as const)('an account %s is marked %s and offers %s', async (status, badge, action) => {
    payoutsServer(statement({ account: account({ status, restrictedReason: status === 'restricted' ? 'More information is needed: your ID.' : null }) }))
    await openEarnings(clock)
    await statementShown()
    expect(payouts().getByText(badge)).toBeDefined()
    expect(payouts().getByRole('button', { name: action }).hasAttribute('disabled')).toBe(false)
    if (status === 'restricted') {
      expect(payouts().getByText('More information is needed: your ID.')).toBeDefined()
      expect(payouts().getByText('Your earnings are kept here until your payouts are back on.')).toBeDefined()
    }
  })

  test('an enabled account offers no form, and says where available money goes', async () => {
    payoutsServer(statement({ account: account({ status: 'enabled', payoutsEnabled: true }) }))
    await openEarnings(clock)
    await statementShown()
    expect(payouts().getByText('Active')).toBeDefined()
    expect(payouts().queryByRole('button')).toBeNull()
    expect(payouts().getByText(/Available earnings are sent to your payout account/)).toBeDefined()
    expect(screen.getByText('Goes out with the next payout')).toBeDefined()
  })

  test('the button waits, disabled, while the link is made, then the browser goes to the form', async () => {
    const link = deferred<Answer>()
    const server = payoutsServer(statement(), { 'POST /api/runner/payouts/onboarding': () => link.promise })
    const assign = spyOn(window.location, 'assign').mockImplementation(() => {})
    try {
      await openEarnings(clock)
      await statementShown()
      fireEvent.click(button('Set up payouts'))
      const waiting = await screen.findByRole<HTMLButtonElement>('button', { name: 'Opening the payout form...' })
      expect(waiting.disabled).toBe(true)
      fireEvent.click(waiting)
      expect(server.callsTo('POST /api/runner/payouts/onboarding')).toHaveLength(1)

      link.resolve([200, { url: 'https://connect.stripe.com/setup/e/acct_123/abc' }])
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_123/abc'))
      // On its way to the form, the button stays pressed.
      expect(button('Opening the payout form...').disabled).toBe(true)
    } finally {
      assign.mockRestore()
    }
  })

  test("the embedded stand-in's form is a page of this site", async () => {
    payoutsServer(statement({ account: account({ status: 'onboarding' }) }), {
      'POST /api/runner/payouts/onboarding': () => [200, { url: '/payouts/onboarding?link=one-time' }],
    })
    const assign = spyOn(window.location, 'assign').mockImplementation(() => {})
    try {
      await openEarnings(clock)
      await statementShown()
      fireEvent.click(button('Finish setting up payouts'))
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/payouts/onboarding?link=one-time'))
    } finally {
      assign.mockRestore()
    }
  })

  test('a link that failed is said plainly, and the button works again', async () => {
    const error = spyOn(console, 'error').mockImplementation(() => {})
    let answer: Answer = [500, { message: 'Something went wrong' }]
    payoutsServer(statement(), { 'POST /api/runner/payouts/onboarding': () => answer })
    const assign = spyOn(window.location, 'assign').mockImplementation(() => {})
    try {
      await openEarnings(clock)
      await statementShown()
      fireEvent.click(button('Set up payouts'))
      expect((await screen.findByRole('alert')).textContent).toBe("The payout form couldn't be opened just now. Please try again in a few minutes.")
      expect(button('Set up payouts').disabled).toBe(false)

      // A refusal the server words itself is shown in its words.
      answer = [409, { message: 'Add your email to your profile first.', code: 'EMAIL_REQUIRED' }]
      fireEvent.click(button('Set up payouts'))
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Add your email to your profile first.'))
      expect(assign).not.toHaveBeenCalled()
    } finally {
      assign.mockRestore()
      error.mockRestore()
    }
  })

  test('each line: its order number linking to the order, amount and status, what a refund took back, a refused transfer as coming soon, and the transfer', async () => {
    payoutsServer(
      statement({
        earnings: [
          aLine(1),
          aLine(2, { status: 'held', amountCents: 450 }),
          aLine(3, { status: 'available', availableAt: at('2026-01-04T09:00:00Z'), lastAttemptRefused: true }),
          aLine(4, {
            status: 'paid',
            amountCents: 900,
            reversedCents: 300,
            paidAt: at('2026-01-03T17:00:00Z'),
            bankPaidAt: at('2026-01-03T18:30:00Z'),
            transferId: 'tr_1PqRsT',
          }),
        ],
      }),
    )
    await openEarnings(clock)
    await statementShown()
    const items = within(screen.getByRole('list', { name: 'Statement' })).getAllByRole('listitem')
    expect(items).toHaveLength(4)

    const pending = line('048F4D01')
    const link = within(pending).getByRole('link', { name: 'Delivery #048F4D01' })
    expect(link.getAttribute('href')).toBe(`/orders/${aLine(1).orderId}?from=earnings`)
    expect(within(pending).getByText('$7.00')).toBeDefined()
    expect(within(pending).getByText(`Pending until ${formatMoment(aLine(1).availableAt, clock.now())}`)).toBeDefined()

    expect(within(line('048F4D02')).getByText('Held: problem open')).toBeDefined()
    expect(within(line('048F4D02')).getByText('$4.50')).toBeDefined()

    const available = line('048F4D03')
    expect(within(available).getByText('Available')).toBeDefined()
    // A refused transfer is support's to put right: the runner is told only that the money is coming.
    expect(within(available).getByText("We're sending this soon.")).toBeDefined()

    const paid = line('048F4D04')
    expect(within(paid).getByText('$9.00')).toBeDefined()
    expect(within(paid).getByText(`Paid ${formatMoment('2026-01-03T18:30:00Z', clock.now())}`)).toBeDefined()
    expect(within(paid).getByText('$3.00 taken back after a refund; you keep $6.00')).toBeDefined()
    expect(within(paid).getByText('tr_1PqRsT')).toBeDefined()

    // Nothing taken back, no transfer yet, no failure: nothing said of them.
    expect(pending.textContent).not.toContain('taken back')
    expect(pending.textContent).not.toContain('Transfer')
    expect(line('048F4D02').textContent).not.toContain('sending this soon')
  })

  test('money on its way to the bank, sent back by it, and sent again: each says so in words, never a code', async () => {
    const returned = { returnedAt: at('2026-01-04T11:00:00Z'), returnReason: 'the bank account is closed', returnCode: 'account_closed' }
    payoutsServer(
      statement({
        account: account({
          status: 'restricted',
          restrictedReason:
            'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.',
          restrictedCode: 'payout_returned',
          returnCode: 'account_closed',
          bankLast4: '1116',
        }),
        balance: { pendingCents: 0, heldCents: 0, availableCents: 950, inTransitCents: 700, returnedCents: 800, paidCents: 900 },
        earnings: [
          aLine(1, { status: 'in_transit', paidAt: at('2026-01-05T10:00:00Z'), transferId: 'tr_1' }),
          aLine(2, { status: 'returned', amountCents: 800, paidAt: at('2026-01-04T10:00:00Z'), transferId: 'tr_2', ...returned }),
          aLine(3, {
            status: 'paid',
            amountCents: 900,
            paidAt: at('2026-01-04T10:00:00Z'),
            bankPaidAt: at('2026-01-05T11:00:00Z'),
            transferId: 'tr_3',
            ...returned,
          }),
        ],
      }),
    )
    await openEarnings(clock)
    await statementShown()
    expect(within(line('048F4D01')).getByText('On its way to your bank')).toBeDefined()
    expect(within(line('048F4D02')).getByText('Returned by your bank')).toBeDefined()
    expect(line('048F4D02').textContent).toContain(
      `Your bank sent it back on ${formatOrderDate(returned.returnedAt)}: the bank account is closed. It goes out again with the next payout once you update your payout details.`,
    )
    expect(line('048F4D03').textContent).toContain(
      `Your bank sent it back on ${formatOrderDate(returned.returnedAt)} (the bank account is closed); it was sent again to your new bank account.`,
    )
    expect(within(line('048F4D03')).getByText(`Paid ${formatMoment('2026-01-05T11:00:00Z', clock.now())}`)).toBeDefined()
    expect(balance('On its way')).toBe('$7.00')
    expect(balance('Returned')).toBe('$8.00')
    expect(balance('Paid')).toBe('$9.00')
    expect(screen.getByText('Payouts are on hold: update your payout details to receive it')).toBeDefined()
    expect(payouts().getByText('Your payouts to the bank account ending 1116 are on hold.')).toBeDefined()
    expect(document.body.textContent).not.toContain('account_closed')
  })

  test('the groceries of an order paid by card, paid back, are a line of their own', async () => {
    payoutsServer(statement({ earnings: [aLine(1, { kind: 'groceries', amountCents: 3820, status: 'available' }), aLine(2)] }))
    await openEarnings(clock)
    await statementShown()
    const groceries = screen.getByRole('article', { name: 'Groceries paid back #048F4D01' })
    expect(within(groceries).getByText('$38.20')).toBeDefined()
    expect(groceries.textContent).toContain('Charged')
    expect(line('048F4D02').textContent).toContain('Delivered')
  })

  test('with no earnings yet it says how to earn', async () => {
    payoutsServer(statement({ balance: { pendingCents: 0, heldCents: 0, availableCents: 0, inTransitCents: 0, returnedCents: 0, paidCents: 0 }, earnings: [] }))
    await openEarnings(clock)
    await statementShown()
    expect(screen.getByText('No earnings yet')).toBeDefined()
    expect(screen.getByText('Deliver an order to earn its fee and tip.')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Find orders to deliver' }).getAttribute('href')).toBe('/runner')
    expect(balance('Paid')).toBe('$0.00')
  })

  test('a statement that failed to load says so, and Try Again fetches it', async () => {
    let answer: Answer = [500, { message: 'Something went wrong' }]
    payoutsServer(() => answer)
    await openEarnings(clock)
    expect((await screen.findByRole('alert')).textContent).toContain('Your earnings could not be loaded')
    answer = [200, statement()]
    fireEvent.click(button('Try Again'))
    await statementShown()
    expect(balance('Held')).toBe('$12.50')
  })

  test('Load more fetches the next page by its cursor and adds its lines', async () => {
    const older = deferred<Answer>()
    const server = fakeApi({
      'GET /api/runner/payouts': ({ url }) => (url.searchParams.get('cursor') === 'cursor-1' ? older.promise : [200, statement({ nextCursor: 'cursor-1' })]),
    })
    await openEarnings(clock)
    await statementShown()
    fireEvent.click(button('Load more'))
    await waitFor(() => expect(button('Loading...').getAttribute('aria-disabled')).toBe('true'))
    older.resolve([200, statement({ earnings: [aLine(2, { status: 'paid', paidAt: at('2026-01-02T10:00:00Z'), transferId: 'tr_old' })] })])
    await screen.findByRole('article', { name: 'Delivery #048F4D02' })
    expect(within(screen.getByRole('list', { name: 'Statement' })).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(server.callsTo('GET /api/runner/payouts').map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'cursor-1'])
  })

  test('someone who only buys is told what runners do, and nothing is asked of the server', async () => {
    const server = fakeApi({})
    await openEarnings(clock, { user: aBuyer() })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deliver with your community')
    expect(screen.getByText(/The Earnings screen is for runners/)).toBeDefined()
    expect(server.calls.filter((call) => call.path.startsWith('/api/runner'))).toEqual([])
  })

  test("a runner whose role was taken away since gets the same, from the server's refusal", async () => {
    payoutsServer(() => [403, { message: 'Only runners can see and accept orders.', code: 'NOT_A_RUNNER' }])
    renderScreen(EarningsPage, { path: '/earnings', user: aRunner(), clock })
    await screen.findByRole('heading', { level: 1, name: 'Deliver with your community' })
  })
})
