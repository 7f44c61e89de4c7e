import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { expectComfortableLayout, heading } from './account-steps'
import { screenshot, useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { viewportShot } from './phone-shots'

/**
 * An order from both ends, in two browser contexts at phone size: a buyer places an order (by
 * the API, as checkout would) and watches /order/{id}; a runner finds it on /runner, accepts it,
 * reports one item not found, picks up and delivers. The buyer's screen follows every step live,
 * without a reload.
 */
const env = useServerAndBrowser()
const { url, buyerWithOrder, runnerRavi } = orderSteps(env)

/** The runner has accepted `order` (through the API, as the dashboard's button does) and has its delivery open, shopping. */
async function shoppingFor(runner: Page, order: { id: string }) {
  expect((await runner.request.patch(url(`/api/orders/${order.id}/accept`))).status()).toBe(200)
  await runner.goto(url(`/delivery/${order.id}`))
  await heading(runner, 'Active Delivery')
  await runner.getByText('Time to shop').waitFor()
}

/** Within this, a change must have come over the live stream: polling would take 30 s. */
const LIVE_MS = 5_000

const heroTitle = (page: Page, title: string, timeout?: number) => page.locator('.tracking-hero__title').getByText(title, { exact: true }).waitFor({ timeout })
const shoppingLine = (page: Page, name: string) => page.locator('.shopping-line').filter({ has: page.getByText(name, { exact: true }) })

/** The whole page from its top, so the sticky header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

/**
 * A buyer on `buyerPhone` watching their order find a runner, and Ravi on `runnerPhone` shopping for it;
 * `close` closes both browser contexts.
 */
async function orderBeingShopped(buyerPhone: string, runnerPhone: string) {
  const { buyer, order } = await buyerWithOrder(buyerPhone)
  await buyer.goto(url(`/order/${order.id}`))
  await heroTitle(buyer, 'Finding Runner')
  const runner = await runnerRavi(runnerPhone)
  await shoppingFor(runner, order)
  const close = async () => {
    await buyer.context().close()
    await runner.context().close()
  }
  return { buyer, runner, close }
}

describe('an order from the buyer to the runner and back', () => {
  test('placed, accepted, one item not found, picked up and delivered: the buyer sees each step live', async () => {
    const { buyer, order } = await buyerWithOrder('(732) 555-0160')
    const [kept, alsoKept, notFound] = order.items.map((item) => item.name) as [string, string, string]

    // The buyer waits for a runner, with the hold's countdown and no contact details yet.
    await buyer.goto(url(`/order/${order.id}`))
    await heading(buyer, 'Track Order')
    await heroTitle(buyer, 'Finding Runner')
    await buyer.getByText(/left for a runner to accept/).waitFor()
    await buyer.getByText('Live', { exact: true }).waitFor()
    expect(await buyer.locator('a[href^="tel:"]').count()).toBe(0)
    await expectComfortableLayout(buyer)
    await shot(buyer, 'tracking-finding-runner-phone')
    let buyerLoads = 0
    buyer.on('load', () => buyerLoads++)

    // A runner nearby finds it on the dashboard.
    const runner = await runnerRavi('(732) 555-0161')
    await runner.goto(url('/runner'))
    await heading(runner, 'Ready to earn, Ravi?')
    // The switch shows the server's answer once it has it: on, for a runner who never switched off.
    await runner.getByRole('switch', { name: 'Online', checked: true }).waitFor()
    const offer = runner.getByRole('article', { name: order.storeName })
    await offer.waitFor()
    await offer.getByText('$7.00', { exact: true }).waitFor()
    expect(await offer.textContent()).not.toContain('1 Main St')
    await runner.getByText("Today's earnings").waitFor()
    await expectComfortableLayout(runner)
    await shot(runner, 'runner-dashboard-phone')
    await offer.scrollIntoViewIfNeeded()
    await viewportShot(runner, 'runner-available-order-phone')

    // Offline, nothing is offered; back online, the order is there again.
    await runner.getByRole('switch', { name: 'Online' }).click()
    await runner.getByText("You're offline", { exact: true }).waitFor()
    await shot(runner, 'runner-dashboard-offline-phone')
    await runner.getByRole('switch', { name: 'Online' }).click()
    await offer.waitFor()

    await offer.getByRole('button', { name: 'Accept Order' }).click()
    await runner.waitForURL(url(`/delivery/${order.id}`))
    await heading(runner, 'Active Delivery')
    await runner.getByText('Time to shop').waitFor()
    await runner.getByRole('link', { name: 'Call Meera Shah, (732) 555-0160' }).waitFor()
    await expectComfortableLayout(runner)
    await shot(runner, 'delivery-shopping-phone')

    // The buyer's screen turns to 'Runner Found' by itself, with the runner's name and number.
    await heroTitle(buyer, 'Runner Found', LIVE_MS)
    await buyer.getByText('Ravi Kumar', { exact: true }).waitFor()
    expect(await buyer.getByRole('link', { name: 'Call Ravi, (732) 555-0161' }).getAttribute('href')).toBe('tel:+17325550161')
    await shot(buyer, 'tracking-runner-found-phone')

    // Two items found, one not: the runner is told before it is reported.
    await shoppingLine(runner, kept).getByRole('checkbox').check()
    await shoppingLine(runner, alsoKept).getByRole('checkbox').check()
    await runner.getByLabel('Actual grocery total (optional)').fill('18.75')
    await runner.getByRole('button', { name: 'MARK AS PICKED UP' }).click()
    const missing = runner.getByRole('dialog', { name: 'Report 1 item not available?' })
    await missing.getByText(notFound, { exact: true }).waitFor()
    await viewportShot(runner, 'delivery-missing-item-dialog-phone')
    await missing.getByRole('button', { name: 'Mark as Picked Up' }).click()
    await runner.getByText('Items picked up from store').waitFor()
    await shot(runner, 'delivery-picked-up-phone')
    await heroTitle(buyer, 'Out for Delivery', LIVE_MS)

    await runner.getByRole('button', { name: 'MARK AS DELIVERED' }).click()
    const confirm = runner.getByRole('dialog', { name: 'Mark as delivered?' })
    await viewportShot(runner, 'delivery-confirm-delivered-phone')
    await confirm.getByRole('button', { name: 'Mark as Delivered' }).click()
    await runner.locator('.delivery-status__title').getByText('Delivered', { exact: true }).waitFor()
    await shot(runner, 'delivery-delivered-phone')

    // The buyer sees it delivered, with the item the store did not have set apart.
    await heroTitle(buyer, 'Delivered', LIVE_MS)
    const notDelivered = buyer.getByRole('list', { name: 'Not Delivered (1)' })
    await notDelivered.getByText(notFound, { exact: true }).waitFor()
    await notDelivered.getByText('Not available at store').waitFor()
    await buyer.getByRole('list', { name: 'Delivered (2)' }).getByText(kept, { exact: true }).waitFor()
    expect(buyerLoads).toBe(0)
    await expectComfortableLayout(buyer)
    await shot(buyer, 'tracking-delivered-phone')

    // Back on the dashboard: the earnings come from this delivery, and nothing is left to do.
    await runner.getByRole('link', { name: 'Back to Dashboard', exact: true }).click()
    await heading(runner, 'Ready to earn, Ravi?')
    await runner.getByText("You're all caught up!").waitFor()
    await runner.getByText('No deliveries in progress. Orders you accept appear here.').waitFor()
    // The figures cached before the delivery are shown until the refetch it started answers.
    await runner.getByText("Today's earnings").locator('xpath=following-sibling::dd').getByText('$7.00', { exact: true }).waitFor()
    expect(await runner.getByText("Today's deliveries").locator('xpath=following-sibling::dd').textContent()).toBe('1')
    await shot(runner, 'runner-dashboard-after-delivery-phone')

    // Someone who only buys is pointed to the profile; an order that is not theirs is not found.
    await buyer.goto(url('/runner'))
    await heading(buyer, 'Deliver with your community')
    await expectComfortableLayout(buyer)
    await shot(buyer, 'runner-not-a-runner-phone')
    await runner.goto(url(`/delivery/${crypto.randomUUID()}`))
    await runner.getByText('Order not found').waitFor()
    await shot(runner, 'delivery-not-found-phone')
    await runner.goto(url(`/order/${crypto.randomUUID()}`))
    await runner.getByText('Order not found').waitFor()
    await shot(runner, 'tracking-not-found-phone')

    await buyer.context().close()
    await runner.context().close()
  })

  test("the runner can't do it: given up before pick-up, the order goes to other runners and the buyer is told live, free to cancel for a full refund", async () => {
    const { buyer, runner, close } = await orderBeingShopped('(732) 555-0162', '(732) 555-0163')
    await heroTitle(buyer, 'Runner Found', LIVE_MS)

    await runner.getByRole('button', { name: "Can't do this order" }).click()
    const dialog = runner.getByRole('dialog', { name: 'Give up this order?' })
    await dialog.getByText(/goes back to other runners, and you can't take it again\. Meera is told they're getting another runner/).waitFor()
    await dialog.getByText(/Giving up counts towards a pause/).waitFor()
    await viewportShot(runner, 'delivery-give-up-dialog-phone')
    await dialog.getByRole('button', { name: 'Give Up Order' }).click()

    // Back on the dashboard, told what happened; the order is no longer an active delivery.
    await runner.waitForURL(url('/runner'))
    await runner
      .getByRole('region', { name: 'Notifications' })
      .getByText(/goes back to other runners\. Meera has been told\./)
      .waitFor()
    await runner.getByText('No deliveries in progress. Orders you accept appear here.').waitFor()
    await viewportShot(runner, 'runner-dashboard-after-give-up-phone')

    // The buyer's tracking follows live: another runner is looked for, and cancelling is a full refund, not a released hold.
    await heroTitle(buyer, 'Looking for another runner', LIVE_MS)
    await buyer.getByText(/You can wait for one, or cancel for a full refund\./).waitFor()
    expect(await buyer.locator('main').textContent()).not.toContain('no cost')
    await shot(buyer, 'tracking-given-up-phone')
    await close()
  })

  test('nothing found: the order ends cancelled, not out for delivery, with the fee and tip refunded and nothing to pay or confirm', async () => {
    const { buyer, runner, close } = await orderBeingShopped('(732) 555-0164', '(732) 555-0165')

    // Nothing ticked: picking up asks whether nothing was found, and says what follows.
    await runner.getByRole('button', { name: 'MARK AS PICKED UP' }).click()
    const dialog = runner.getByRole('dialog', { name: 'Nothing found?' })
    await dialog.getByText(/gets the \$7\.00 fee and tip back in full, so there are no earnings for this order/).waitFor()
    await viewportShot(runner, 'delivery-nothing-found-dialog-phone')
    await dialog.getByRole('button', { name: 'Confirm Nothing Found' }).click()
    await runner.locator('.delivery-status__title').getByText('Nothing found', { exact: true }).waitFor()
    expect(await runner.getByRole('region', { name: 'Your Earnings' }).count()).toBe(0)
    await expectComfortableLayout(runner)
    await shot(runner, 'delivery-nothing-found-phone')

    await heroTitle(buyer, 'Cancelled', LIVE_MS)
    await buyer
      .locator('.tracking-hero__text')
      .getByText(/couldn't find any of your items .* so the order was cancelled/)
      .waitFor()
    expect(await buyer.getByRole('button', { name: 'Confirm Total' }).count()).toBe(0)
    expect(await buyer.getByText('Out for Delivery', { exact: true }).count()).toBe(0)
    await expectComfortableLayout(buyer)
    await shot(buyer, 'tracking-nothing-found-phone')
    await close()
  })
})
