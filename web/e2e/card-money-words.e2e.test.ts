import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { type Order, shortOrderId } from '../../modules/orders/contract'
import { decimalAmount, decimalToCents, formatCents } from '../../modules/shared/contract'
import { at, heading } from './account-steps'
import { useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { shotAt } from './phone-shots'

/**
 * The money words of one card order at phone size, from checkout to paid out (issue 37): the
 * buyer pays both holds (through the API, as checkout does) and reads the confirmation; a runner
 * whose bank account is Stripe's closed-account test number (000111111116) enters a receipt $7.10
 * above the grocery hold, and the buyer has the difference charged to the card; the runner's
 * delivered dialog says there is nothing to collect. Support's payout run sends both lines, and
 * the bank sends the payout back: Earnings says so. Support refunds part of the groceries and all
 * of the extra charge from the CLI (the platform bears both, so the runner's lines stay whole), and
 * tracking's Payment box names each by its charge. The runner gives another bank account through
 * the payout form, and the next run sends the money again, once. The setup goes through the API
 * and the CLI; the screens are read.
 */
const env = useServerAndBrowser({ PAYOUT_HOLD_HOURS: '0' })
const { url, demoStore, signedIn, placeOrder, acceptAndPickUp, enablePayouts, cli } = orderSteps(env)

/** Within this, a change must have come over the live stream: polling would take 30 s. */
const LIVE_MS = 5_000
const EXTRA_CENTS = 710
const RUNNER_PHONE = '(732) 555-0187'

type ListedLine = { orderId: string; kind: string; status: string; amountCents: number; transferId: string | null }
type BankPayout = { status: string; amountCents: number; failure: string | null }

/** Support's CLI, whose run must go through, read as JSON. */
function cliJson<T>(...args: string[]): T {
  const answer = cli(...args, '--json')
  expect(answer.stderr).toBe('')
  return JSON.parse(answer.stdout) as T
}

/** Support's refund from the CLI beside the server, which must go through. */
function refund(orderId: string, ...args: string[]) {
  const refunded = cli('orders', 'refund', orderId, ...args)
  expect(refunded.stderr).toBe('')
  expect(refunded.code).toBe(0)
}

/** The Payment box's refund lines as they read: amount, charge · reason (the date after them is the viewer's own). */
async function refundLines(page: Page) {
  const lines = page.getByRole('region', { name: 'Payment' }).getByRole('list', { name: 'Refunds' }).getByRole('listitem')
  return lines.evaluateAll((found) =>
    found.map((line) => `${line.querySelector('.refund-line__amount')?.textContent} ${line.querySelector('.refund-line__what')?.textContent}`),
  )
}

describe("a card order's money words", () => {
  test('the confirmation, the delivered dialog, Earnings after a returned payout, the Payment box after a groceries refund and an extra refund, and Earnings after the re-send', async () => {
    const store = await demoStore()
    const buyer = await signedIn({ firstName: 'Meera', lastName: 'Shah', phone: '(732) 555-0186', roles: ['buyer'] })
    const runner = await signedIn({ firstName: 'Ravi', lastName: 'Kumar', phone: RUNNER_PHONE, roles: ['runner'] })
    await enablePayouts(runner, '000111111116')

    const order = await placeOrder(buyer, store, { groceries: 'card' })
    const hold = formatCents(order.groceryPayment.holdCents)
    expect(order.groceryPayment).toMatchObject({ method: 'card', status: 'authorized' })

    // The confirmation: the hold on the card for the groceries, nothing to pay the runner at the door.
    await buyer.goto(url(`/order-confirmation?orderId=${order.id}`))
    await heading(buyer, 'Order Placed Successfully!')
    const details = buyer.getByRole('region', { name: 'Order details' })
    expect(await details.locator('dt, dd').allTextContents()).toContain(`By card in the app: up to ${hold} held`)
    await shotAt(buyer, 'card-words-confirmation-details-phone', details)
    const next = buyer.getByRole('region', { name: 'What happens next?' })
    expect(await next.getByRole('listitem').allTextContents()).toEqual([
      'A runner accepts your order within 30 minutes, and only then is your card charged $7.00. If no runner accepts in time, both holds on your card are released at no cost.',
      `Your runner shops at ${store.name} and brings the groceries to your door.`,
      `Your card is held for up to ${hold} for the groceries. Your runner sends the store receipt, and your card is charged only its total; the rest of the hold is released. Nothing to pay at the door, unless the groceries come to more than the hold and you choose to pay the difference there.`,
    ])
    await shotAt(buyer, 'card-words-confirmation-next-phone', next)

    // The receipt comes to $7.10 more than the hold; the buyer has the difference charged to the card.
    const totalCents = order.groceryPayment.holdCents + EXTRA_CENTS
    await acceptAndPickUp(runner, order, decimalAmount(totalCents))
    await buyer.goto(url(`/order/${order.id}`))
    await heading(buyer, 'Track Order')
    const groceries = buyer.getByRole('region', { name: 'Receipt and total' })
    await groceries.getByRole('button', { name: `Charge ${formatCents(EXTRA_CENTS)} more to my card` }).click()
    await groceries.getByText(`Charged to your card: ${hold} from the hold and ${formatCents(EXTRA_CENTS)} more.`).waitFor()

    // At the door, the runner is told there is nothing to collect.
    await runner.goto(url(`/delivery/${order.id}`))
    await heading(runner, 'Active Delivery')
    await runner.getByRole('button', { name: 'MARK AS DELIVERED' }).click()
    const delivered = runner.getByRole('dialog', { name: 'Mark as delivered?' })
    await delivered.getByText('Confirm that Meera has the groceries. They are paid in the app: there is nothing to collect. This cannot be undone.').waitFor()
    await shotAt(runner, 'card-words-delivered-dialog-phone', delivered)
    await delivered.getByRole('button', { name: 'Mark as Delivered' }).click()
    await runner.getByText('Thank you! Your earnings are on your dashboard.', { exact: false }).waitFor()

    // Tracking's Payment box: the groceries charged, the fee and tip's charge, and no refund yet.
    const payment = buyer.getByRole('region', { name: 'Payment' })
    await payment.getByText(`by card: ${formatCents(totalCents)} charged`, { exact: true }).waitFor()
    await payment.getByText('$7.00 charged to your card when your runner accepted.', { exact: true }).waitFor()
    expect(await payment.getByRole('list', { name: 'Refunds' }).count()).toBe(0)

    // Support's payout run sends both lines to the runner's connected account; their bank sends the payout back.
    const earned = (await (await runner.request.get(url(`/api/orders/${order.id}`))).json()).order as Order
    const deliveryCents = decimalToCents(earned.earnings?.amount ?? '') ?? Number.NaN
    const bothCents = deliveryCents + totalCents
    const run = cli('payouts', 'run')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Transferred 2 lines, ${formatCents(bothCents)}; 0 refused`)
    expect(run.stdout).toContain("Paid 0 connected balances on to runners' banks; 1 came back from the bank.")
    await runner.goto(url('/earnings'))
    await heading(runner, 'Earnings')
    const earningLines = [`Delivery #${shortOrderId(order.id)}`, `Groceries paid back #${shortOrderId(order.id)}`].map((name) =>
      runner.getByRole('article', { name }),
    )
    for (const line of earningLines) {
      await line.getByText('Returned by your bank', { exact: true }).waitFor()
      await line
        .getByText(/^Your bank sent it back on .+: the bank account is closed\. It goes out again with the next payout once you update your payout details\.$/)
        .waitFor()
    }
    const payouts = runner.getByRole('region', { name: 'Payouts' })
    await payouts.getByText('On hold', { exact: true }).waitFor()
    await payouts.getByText('Your payouts to the bank account ending 1116 are on hold.', { exact: true }).waitFor()
    await payouts
      .getByText(
        'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.',
        {
          exact: true,
        },
      )
      .waitFor()
    expect(await runner.locator('dl.earnings-balances').textContent()).toContain(
      `Returned${formatCents(bothCents)}Your bank sent it back: it goes out again once you update your payout details`,
    )
    await shotAt(runner, 'card-words-earnings-returned-phone', earningLines[0])
    await shotAt(runner, 'card-words-earnings-returned-account-phone', payouts)

    // Support refunds $5.00 of the groceries (the platform bears it); the box lists it, live, by its charge.
    refund(order.id, '5.00', '--part', 'groceries', '--reason', 'bruised mangoes')
    await payment.getByText('Refunded to your card: $5.00', { exact: true }).waitFor({ timeout: LIVE_MS })
    expect(await refundLines(buyer)).toEqual(['$5.00 Groceries · bruised mangoes'])
    await payment.getByText(`by card: ${formatCents(totalCents)} charged`, { exact: true }).waitFor()
    await payment.getByText('$7.00 charged to your card when your runner accepted.', { exact: true }).waitFor()
    await shotAt(buyer, 'card-words-payment-groceries-refund-phone', payment)

    // Then all of the charge above the hold: two refunds, each named by its charge, under their total.
    refund(order.id, 'all', '--part', 'extra', '--reason', 'rice never bought')
    await payment.getByText(`Refunded to your card: ${formatCents(500 + EXTRA_CENTS)}`, { exact: true }).waitFor({ timeout: LIVE_MS })
    expect(await refundLines(buyer)).toEqual(['$5.00 Groceries · bruised mangoes', `${formatCents(EXTRA_CENTS)} Extra grocery charge · rice never bought`])
    await shotAt(buyer, 'card-words-payment-extra-refund-phone', payment)
    const refunded = (await (await buyer.request.get(url(`/api/orders/${order.id}`))).json()).order as Order
    expect(refunded.groceryPayment).toMatchObject({ capturedCents: order.groceryPayment.holdCents, extraCents: EXTRA_CENTS, refundedCents: 500 + EXTRA_CENTS })

    // The runner gives another bank account through the payout form; the next run sends the money again, once.
    await runner.goto(url('/earnings'))
    await runner.getByRole('button', { name: 'Update payout details' }).click()
    await at(runner, '/payouts/onboarding')
    await runner.getByLabel('Legal name').fill('Ravi Kumar')
    await runner.getByLabel('Date of birth').fill('1990-04-12')
    await runner.getByLabel('Last 4 of SSN').fill('1234')
    await runner.getByLabel('Routing number').fill('110000000')
    await runner.getByLabel('Account number').fill('000123456789')
    await runner.getByRole('button', { name: 'Save and continue' }).click()
    await at(runner, '/earnings')
    await runner.getByText("You're all set: payouts are on.").waitFor()
    const again = cli('payouts', 'run')
    expect(again.stderr).toBe('')
    expect(again.stdout).toContain('Transferred 0 lines, $0.00; 0 refused')
    expect(again.stdout).toContain("Paid 1 connected balances on to runners' banks; 0 came back from the bank.")
    await runner.reload()
    for (const line of earningLines) {
      await line.getByText(/^Paid /).waitFor()
      await line.getByText(/^Your bank sent it back on .+ \(the bank account is closed\); it was sent again to your new bank account\.$/).waitFor()
    }
    await payouts.getByText('Available earnings are sent to your bank account ending 6789.', { exact: false }).waitFor()
    const balances = await runner.locator('dl.earnings-balances').textContent()
    expect(balances).toContain(`Paid${formatCents(bothCents)}`)
    expect(balances).not.toContain('Returned')
    await shotAt(runner, 'card-words-earnings-sent-again-phone', earningLines[0])

    // Nothing was sent twice: one transfer a line, one bank payout that came back and one that was paid; a third run sends nothing.
    expect(cli('payouts', 'run').stdout).toContain('Transferred 0 lines, $0.00; 0 refused')
    const listed = cliJson<ListedLine[]>('payouts', 'list', '--runner', RUNNER_PHONE)
    expect(
      listed.map(({ orderId, kind, status, amountCents }) => ({ orderId, kind, status, amountCents })).sort((a, b) => a.amountCents - b.amountCents),
    ).toEqual([
      { orderId: order.id, kind: 'delivery', status: 'paid', amountCents: deliveryCents },
      { orderId: order.id, kind: 'groceries', status: 'paid', amountCents: totalCents },
    ])
    expect(new Set(listed.map((line) => line.transferId)).size).toBe(2)
    const shown = cliJson<{ bankPayouts: BankPayout[] }>('runners', 'show', RUNNER_PHONE)
    expect(shown.bankPayouts.map(({ status, amountCents, failure }) => ({ status, amountCents, failure }))).toEqual([
      { status: 'paid', amountCents: bothCents, failure: null },
      { status: 'failed', amountCents: bothCents, failure: 'the bank account is closed' },
    ])
    const check = cli('orders', 'check')
    expect(check.code).toBe(0)
    expect(check.stdout).toContain("Runners' money not yet in a bank: 0 lines on their way ($0.00), 0 returned by the bank ($0.00).")

    await buyer.context().close()
    await runner.context().close()
  }, 120_000)
})
