import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { at, expectComfortableLayout, heading, toast } from './account-steps'
import { DESKTOP, newPage, PHONE, SCREENSHOT_DIR, screenshot, useServerAndBrowser } from './harness'
import { shopSteps } from './shop-steps'

/**
 * Issue 5's checkout journeys in Chromium on the embedded gateway: a newcomer pays with the test
 * card 4242 and sees the confirmation, finds the order in My Orders and cancels it; a declined
 * card leaves the cart as it was; a runner's pick-up with a missing item shows in the buyer's detail.
 */
const env = useServerAndBrowser()
const { url, demoStores, signInNewAccount, newShopperAtPatel, fillCart } = shopSteps(env)

const storage = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key)

/** Two items from Patel Family Grocers in the cart, a $5 tip, then 'Checkout - $7.00' to /checkout. */
async function fillCartAndCheckOut(page: Page, storeId: string): Promise<[string, string]> {
  const [first, second] = await fillCart(page, storeId)
  await page.getByRole('radio', { name: '$5' }).check()
  await page.getByRole('button', { name: 'Checkout - $7.00' }).click()
  await at(page, '/checkout')
  await heading(page, 'Checkout')
  await page.getByLabel('Card number').waitFor()
  return [first, second]
}

/** A screenshot once the pointer is out of the way and entrances (a toast, a dialog) have finished. */
async function screenshotSettled(page: Page, name: string, { fullPage = true } = {}) {
  await page.mouse.move(0, 0)
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
  )
  if (fullPage) await screenshot(page, name)
  else await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` })
}

/** Taps a Promo Mode test card, which fills the whole card form. */
const useTestCard = (page: Page, number: string) => page.getByRole('button', { name: new RegExp(`^${number}`) }).click()

describe('checkout: cart → card → confirmation → My Orders', () => {
  test("a newcomer pays $7.00 with 4242, sees 'Order Placed Successfully!', and cancels from My Orders", async () => {
    const { context, page, patel } = await newShopperAtPatel('60')
    await fillCartAndCheckOut(page, patel.id)

    await page.getByText('Payment Authorization', { exact: true }).waitFor()
    await page.getByText('Total to pay now').waitFor()
    await expectComfortableLayout(page)
    await screenshotSettled(page, 'checkout-phone')

    await useTestCard(page, '4242 4242 4242 4242')
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
    await screenshotSettled(page, 'checkout-card-filled-phone')
    await page.getByRole('button', { name: 'Place Order - $7.00' }).click()

    await at(page, '/order-confirmation')
    await heading(page, 'Order Placed Successfully!')
    const orderId = new URL(page.url()).searchParams.get('orderId')!
    const number = orderId.slice(-8).toUpperCase()
    await page.getByText(`Order #${number}`).waitFor()
    await page.getByText('What happens next?').waitFor()
    expect(await storage(page, 'pendingOrder')).toBeNull()
    expect(await storage(page, `cart_${patel.id}`)).toBeNull()
    expect(await page.getByRole('link', { name: 'Track Order' }).getAttribute('href')).toBe(`/order/${orderId}`)
    await expectComfortableLayout(page)
    await screenshotSettled(page, 'order-confirmation-phone')

    // Back from the confirmation does not offer to pay again.
    await page.goBack()
    await at(page, '/cart')

    await page.goto(url(`/order-confirmation?orderId=${orderId}`))
    await page.getByRole('link', { name: 'View All Orders' }).click()
    await at(page, '/orders')
    const card = page.getByRole('article', { name: `Order #${number}` })
    await card.getByText('Finding Runner').waitFor()
    await card.getByText('Waiting for a runner').waitFor()
    await expectComfortableLayout(page)
    await screenshotSettled(page, 'my-orders-phone')

    await card.getByRole('link', { name: /^View Details/ }).click()
    await at(page, `/orders/${orderId}`)
    await heading(page, `Order #${number}`)
    await page.getByRole('heading', { name: 'Payment Reminder' }).waitFor()
    await page
      .getByRole('region', { name: 'Payment Reminder' })
      .getByText(/= \$7\.00, held on your card and charged only when a runner accepts\./)
      .waitFor()
    await expectComfortableLayout(page)
    await screenshotSettled(page, 'order-detail-phone')
    await page.getByRole('link', { name: 'My Orders' }).click()

    await card.getByRole('button', { name: /^Cancel/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' })
    await dialog.getByText('Cancelling releases the $7.00 hold on your card').waitFor()
    expect(await dialog.getByRole('button', { name: 'Keep Order' }).evaluate((button) => button === document.activeElement)).toBe(true)
    await screenshotSettled(page, 'my-orders-cancel-dialog-phone', { fullPage: false })
    await dialog.getByRole('button', { name: 'Cancel Order' }).click()
    await card.getByText('Cancelled', { exact: true }).waitFor()
    await toast(page, 'Order Cancelled')
    expect(await card.getByRole('button', { name: /^Cancel/ }).count()).toBe(0)
    await screenshotSettled(page, 'my-orders-cancelled-phone')

    // The server agrees: the order is cancelled and its hold released.
    const { order } = await (await page.request.get(url(`/api/orders/${orderId}`))).json()
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' })
    await context.close()
  })

  test("a declined card (4000 0000 0000 0002) shows 'Payment Failed' and leaves the cart intact", async () => {
    const { context, page, patel } = await newShopperAtPatel('61')
    // An expected refusal (402) is handled, not logged: only the browser's own line about the answer may appear.
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text())
    })
    const [first, second] = await fillCartAndCheckOut(page, patel.id)
    await useTestCard(page, '4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Place Order - $7.00' }).click()
    await toast(page, 'Payment Failed')
    await toast(page, 'Your card was declined.')
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true')
    expect(consoleErrors).toEqual([])
    await page.getByRole('button', { name: 'Place Order - $7.00' }).waitFor()
    await screenshotSettled(page, 'checkout-declined-phone')
    expect(await storage(page, 'pendingOrder')).not.toBeNull()

    await page.getByRole('button', { name: 'Dismiss notification' }).click()
    await page.getByRole('link', { name: 'Back to cart' }).click()
    await heading(page, 'Your Cart')
    await page.getByRole('heading', { name: '2 items', exact: true }).waitFor()
    for (const name of [first, second]) await page.locator('.cart-line .item-line__name', { hasText: name }).waitFor()
    expect((await (await page.request.get(url('/api/orders'))).json()).length).toBe(0)
    await context.close()
  })

  test('on a desktop, checkout puts the summary beside the card form, and My Orders fits', async () => {
    const { context, page, patel } = await newShopperAtPatel('62', DESKTOP)
    await fillCartAndCheckOut(page, patel.id)
    const summary = (await page.getByRole('region', { name: 'Order Summary' }).boundingBox())!
    const payment = (await page.getByRole('region', { name: 'Payment' }).boundingBox())!
    expect(payment.x).toBeGreaterThan(summary.x + summary.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    await screenshotSettled(page, 'checkout-desktop')

    await page.goto(url('/orders'))
    await page.getByText('No orders yet').waitFor()
    await screenshotSettled(page, 'my-orders-empty-desktop')
    await context.close()
  })
})

describe('an order as a runner leaves it, and the developer pages', () => {
  test("a runner picks up without one item: the buyer's detail lists 'Items Not Available (1)'; a buyer who delivers gets two tabs", async () => {
    const [patel] = await demoStores('patel')
    const buyer = await newPage(env.browser, PHONE)
    await signInNewAccount(buyer.page, '63', { firstName: 'Priya' })
    await buyer.page.goto(url('/orders'))
    await buyer.page.getByText('No orders yet').waitFor()
    await expectComfortableLayout(buyer.page)
    await screenshotSettled(buyer.page, 'my-orders-empty-phone')

    const [first, second] = await fillCartAndCheckOut(buyer.page, patel!.id)
    await useTestCard(buyer.page, '4242 4242 4242 4242')
    await buyer.page.getByRole('button', { name: 'Place Order - $7.00' }).click()
    await heading(buyer.page, 'Order Placed Successfully!')
    const orderId = new URL(buyer.page.url()).searchParams.get('orderId')!

    const runner = await newPage(env.browser, PHONE)
    await signInNewAccount(runner.page, '64', { firstName: 'Ravi', roles: ['buyer', 'runner'] })
    const accepted = await runner.page.request.patch(url(`/api/orders/${orderId}/accept`))
    expect(accepted.status()).toBe(200)
    const { order } = await accepted.json()
    const missing = order.items.find((item: { name: string }) => item.name === second)
    const itemCompletionData = order.items.map((item: { id: string }) => ({ id: item.id, isDelivered: item.id !== missing.id }))
    expect((await runner.page.request.patch(url(`/api/orders/${orderId}/status`), { data: { status: 'picked_up', itemCompletionData } })).status()).toBe(200)

    await buyer.page.goto(url(`/orders/${orderId}`))
    const notAvailable = buyer.page.getByRole('region', { name: 'Items Not Available (1)' })
    await notAvailable.getByText(second).waitFor()
    await notAvailable.getByText('Not available at store').waitFor()
    await buyer.page
      .getByRole('region', { name: /^1 item\b/ })
      .getByText(first)
      .waitFor()
    await buyer.page
      .getByRole('region', { name: 'Payment Reminder' })
      .getByText(/= \$7\.00, already paid\./)
      .waitFor()
    await expectComfortableLayout(buyer.page)
    await screenshotSettled(buyer.page, 'order-detail-items-not-available-phone')

    await runner.page.goto(url('/orders'))
    const deliveries = runner.page.getByRole('tab', { name: 'My Deliveries' })
    await runner.page.getByRole('tab', { name: 'My Purchases' }).click()
    await runner.page.getByText('No orders yet').waitFor()
    await runner.page.keyboard.press('ArrowRight')
    expect(await deliveries.getAttribute('aria-selected')).toBe('true')
    const delivery = runner.page.getByRole('article', { name: `Delivery #${orderId.slice(-8).toUpperCase()}` })
    await delivery.getByText('Being Delivered').waitFor()
    await delivery.getByText('$7.00').last().waitFor()
    await expectComfortableLayout(runner.page)
    await screenshotSettled(runner.page, 'my-orders-deliveries-tab-phone')
    await buyer.context.close()
    await runner.context.close()
  })

  test('/checkout-debug authorizes $4.00 and goes to My Orders; /stripe-test says the embedded form is in use', async () => {
    const { context, page } = await newPage(env.browser, PHONE)
    await signInNewAccount(page, '65')
    await page.goto(url('/stripe-test'))
    await page.getByText('Stripe is not configured.').waitFor()
    await screenshotSettled(page, 'stripe-test-phone')

    await page.goto(url('/checkout-debug'))
    await page.getByText(/waiting for a card/).waitFor()
    await useTestCard(page, '4242 4242 4242 4242')
    await expectComfortableLayout(page)
    await screenshotSettled(page, 'checkout-debug-phone')
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await at(page, '/orders')
    await toast(page, 'Payment Authorized')
    await context.close()
  })
})
