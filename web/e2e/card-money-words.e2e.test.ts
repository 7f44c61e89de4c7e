import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import type { Order } from '../../modules/orders/contract'
import { centsToDecimal, formatCents } from '../../modules/shared/contract'
import { heading } from './account-steps'
import { useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { shotAt } from './phone-shots'

/**
 * The money words of one card order at phone size, from checkout to paid out (issue 37): the
 * buyer pays both holds (through the API, as checkout does) and reads the confirmation; a runner
 * with payouts enters a receipt $7.10 above the grocery hold, and the buyer has the difference
 * charged to the card; the runner's delivered dialog says there is nothing to collect; support
 * refunds part of the groceries and all of the extra charge from the CLI, and tracking's Payment
 * box names each by its charge. The setup goes through the API and the CLI; the screens are read.
 */
const env = useServerAndBrowser({ PAYOUT_HOLD_HOURS: '0' })
const { url, demoStore, signedIn, placeOrder, acceptAndPickUp, enablePayouts, cli } = orderSteps(env)

/** Within this, a change must have come over the live stream: polling would take 30 s. */
const LIVE_MS = 5_000
const EXTRA_CENTS = 710

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
  test('the confirmation, the delivered dialog, and the Payment box after a groceries refund and after an extra refund', async () => {
    const store = await demoStore()
    const buyer = await signedIn({ firstName: 'Meera', lastName: 'Shah', phone: '(732) 555-0186', roles: ['buyer'] })
    const runner = await signedIn({ firstName: 'Ravi', lastName: 'Kumar', phone: '(732) 555-0187', roles: ['runner'] })
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
    await acceptAndPickUp(runner, order, centsToDecimal(totalCents))
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

    await buyer.context().close()
    await runner.context().close()
  }, 120_000)
})
