import { describe, expect, test } from 'bun:test'
import type { CatalogItem } from '../../modules/catalog/contract'
import { type Order, shortOrderId } from '../../modules/orders/contract'
import { at, expectComfortableLayout, heading } from './account-steps'
import { useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { cameraPhoto, desktopShotAt, shotAt } from './phone-shots'

/**
 * Groceries paid in the app (issue 29), in two browser contexts at phone size: the buyer chooses
 * to pay for the groceries by card in the cart and pays both holds at checkout with the embedded
 * gateway's test card; a runner with payouts set up sees the offer marked, accepts it, photographs
 * the receipt and enters $48.37 at pick-up; the buyer confirms that total, which is captured from
 * the grocery hold; the runner's Earnings shows the groceries paid back, and support's `payouts
 * run` pays them.
 */
const env = useServerAndBrowser()
const { url, demoStore, signedIn, enablePayouts, cli } = orderSteps(env)

/** Within this, a change must have come over the live stream: polling would take 30 s. */
const LIVE_MS = 5_000
const RECEIPT_TOTAL = '48.37'

describe('groceries paid by card in the app', () => {
  test('the buyer chooses card and pays both holds; a runner with payouts shops, photographs the receipt, enters $48.37; the buyer confirms; payouts run pays the runner back', async () => {
    const store = await demoStore()
    const buyer = await signedIn({ firstName: 'Meera', lastName: 'Shah', phone: '(732) 555-0176', roles: ['buyer'] })
    const runner = await signedIn({ firstName: 'Ravi', lastName: 'Kumar', phone: '(732) 555-0177', roles: ['runner'] })
    await enablePayouts(runner)

    // Enough of the dearest priced item that the hold ($X × 1.2, rounded up to $5) covers the receipt's total.
    const items = (await (await buyer.request.get(url(`/api/items?storeId=${store.id}`))).json()) as CatalogItem[]
    const dearest = items.filter((item) => item.price !== null).sort((a, b) => Number(b.price) - Number(a.price))[0]!
    const quantity = Math.ceil(Number(RECEIPT_TOTAL) / 1.2 / Number(dearest.price))
    await buyer.goto(url(`/store/${store.id}`))
    await buyer.getByRole('button', { name: `Add ${dearest.name}`, exact: true }).click()
    await buyer.getByRole('link', { name: /^View Cart/ }).click()
    await heading(buyer, 'Your Cart')
    for (let more = 1; more < quantity; more++) await buyer.getByRole('button', { name: `Increase ${dearest.name}` }).click()
    await buyer.getByRole('radio', { name: '$5' }).check()

    // The choice: at the door is the default; by card, the server's hold is said before paying.
    const choice = buyer.getByRole('group', { name: 'How to pay for the groceries' })
    expect(await choice.getByRole('radio', { name: 'At the door (Cash, Zelle, Venmo, Apple Pay)' }).isChecked()).toBe(true)
    await choice.getByRole('radio', { name: 'By card in the app' }).focus()
    await buyer.keyboard.press('Space')
    expect(await choice.getByRole('radio', { name: 'By card in the app' }).isChecked()).toBe(true)
    const holdText = buyer.getByText(/^We'll hold up to \$\d+\.00 on your card\. You're charged only what the receipt says\.$/)
    await holdText.waitFor()
    const hold = /\$(\d+\.00)/.exec((await holdText.textContent())!)![1]!
    expect(Number(hold)).toBeGreaterThanOrEqual(Number(RECEIPT_TOTAL))
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'cart-groceries-by-card-phone', holdText)
    // At desktop size with 'Schedule for later' open beside it, then back to ASAP.
    await buyer.getByRole('radio', { name: /^Schedule for later/ }).check()
    await buyer.locator('.window-picker, .window-picker__message').first().waitFor()
    await expectComfortableLayout(buyer)
    await desktopShotAt(buyer, 'cart-groceries-by-card-scheduled-desktop', holdText)
    await buyer.getByRole('radio', { name: /^ASAP/ }).check()

    await buyer.getByRole('button', { name: 'Checkout - $7.00' }).click()
    await at(buyer, '/checkout')
    await heading(buyer, 'Checkout')
    // The choice came with the cart.
    expect(await buyer.getByRole('radio', { name: 'By card in the app' }).isChecked()).toBe(true)
    await buyer.getByText(`We'll hold up to $${hold} on your card. You're charged only what the receipt says.`).waitFor()
    await buyer.getByRole('button', { name: /^4242 4242 4242 4242/ }).click()
    await shotAt(buyer, 'checkout-groceries-by-card-phone', buyer.getByRole('group', { name: 'How to pay for the groceries' }))
    await desktopShotAt(buyer, 'checkout-groceries-by-card-desktop', buyer.getByRole('group', { name: 'How to pay for the groceries' }))
    await buyer.getByRole('button', { name: 'Place Order - $7.00' }).click()
    await at(buyer, '/order-confirmation')
    await heading(buyer, 'Order Placed Successfully!')
    const orderId = new URL(buyer.url()).searchParams.get('orderId')!
    const placed = (await (await buyer.request.get(url(`/api/orders/${orderId}`))).json()).order as Order
    expect(placed.groceryPayment).toMatchObject({ method: 'card', holdCents: Number(hold) * 100, status: 'authorized' })

    // The runner's offer is marked; the accept leaves the grocery hold standing.
    await runner.goto(url('/runner'))
    const offer = runner.getByRole('article', { name: store.name })
    await offer.getByText('Groceries paid in the app').waitFor()
    await expectComfortableLayout(runner)
    await shotAt(runner, 'runner-offer-groceries-by-card-phone', offer)
    await desktopShotAt(runner, 'runner-offer-groceries-by-card-desktop', offer)
    await offer.getByRole('button', { name: 'Accept Order' }).click()
    await runner.waitForURL(url(`/delivery/${orderId}`))
    await heading(runner, 'Active Delivery')
    await desktopShotAt(runner, 'delivery-groceries-by-card-desktop')

    await buyer.goto(url(`/order/${orderId}`))
    await heading(buyer, 'Track Order')
    const payment = buyer.getByRole('region', { name: 'Payment' })
    await payment.getByText(`by card (hold $${hold})`).waitFor()
    await shotAt(buyer, 'tracking-groceries-by-card-phone', payment)

    // Shopped, the receipt photographed, its total entered at pick-up.
    for (const checkbox of await runner.locator('.shopping-line').getByRole('checkbox').all()) await checkbox.check()
    const receiptCard = runner.getByRole('region', { name: 'Receipt photo' })
    await receiptCard.locator('input[type="file"]').setInputFiles(await cameraPhoto(runner, 'STORE RECEIPT'))
    await receiptCard.getByText('Uploaded.').waitFor()
    await runner.getByLabel('Actual grocery total', { exact: true }).fill(RECEIPT_TOTAL)
    await runner.getByRole('button', { name: 'MARK AS PICKED UP' }).click()
    await runner.getByText('Items picked up from store').waitFor()
    await shotAt(runner, 'delivery-groceries-by-card-picked-up-phone', receiptCard)

    // The buyer confirms the receipt's total, live; the grocery hold is captured for it.
    const groceries = buyer.getByRole('region', { name: 'Receipt and total' })
    await groceries.getByText(`$${RECEIPT_TOTAL}`, { exact: true }).waitFor({ timeout: LIVE_MS })
    await groceries.getByRole('button', { name: 'Confirm Total' }).click()
    await groceries.getByRole('button', { name: 'Total Confirmed' }).waitFor()
    await groceries.getByText(`Charged to your card: $${RECEIPT_TOTAL}.`, { exact: false }).waitFor()
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'tracking-groceries-by-card-confirmed-phone', groceries)
    const confirmed = (await (await buyer.request.get(url(`/api/orders/${orderId}`))).json()).order as Order
    expect(confirmed.groceryPayment).toMatchObject({ method: 'card', capturedCents: 4837, status: 'captured' })

    // The runner is paid the groceries back: a line of its own on Earnings, available at once (no
    // problem window: they spent this money at the store); support's payout run pays it.
    await runner.goto(url('/earnings'))
    await heading(runner, 'Earnings')
    const groceriesLine = runner.getByRole('article', { name: `Groceries paid back #${shortOrderId(orderId)}` })
    await groceriesLine.getByText(`$${RECEIPT_TOTAL}`, { exact: true }).waitFor()
    await groceriesLine.getByText('Available', { exact: true }).waitFor()
    await expectComfortableLayout(runner)
    await shotAt(runner, 'earnings-groceries-line-phone', groceriesLine)
    const run = cli('payouts', 'run')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Transferred 1 lines, $${RECEIPT_TOTAL}; 0 refused`)
    await runner.reload()
    await groceriesLine.getByText(/^Paid /).waitFor()
    expect(await runner.locator('dl.earnings-balances').textContent()).toContain(`Paid$${RECEIPT_TOTAL}`)
    await shotAt(runner, 'earnings-groceries-line-paid-phone', groceriesLine)
    await desktopShotAt(runner, 'earnings-groceries-line-paid-desktop', groceriesLine)

    await buyer.context().close()
    await runner.context().close()
  }, 120_000)
})
