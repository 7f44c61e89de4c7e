import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import type { Order } from '../../modules/orders/contract'
import { expectComfortableLayout, heading } from './account-steps'
import { seriousViolations } from './axe'
import { screenshot, useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { shotAt } from './phone-shots'

/**
 * The runner's location from the phone to the buyer's order (issue 40), at phone size: Ravi's
 * context is granted geolocation, his delivery screen reports each place Playwright moves him to,
 * and the buyer's order answer carries the last one after pick-up, and none once delivered. A
 * runner who refuses sees a calm note.
 */
const env = useServerAndBrowser()
const { url, buyerWithOrder, runnerRavi, pickUp } = orderSteps(env)

/** Near the demo stores in Edison; 0.002° of latitude is about 220 m, past the 50 m after which a move is sent at once. */
const START = { latitude: 40.5187, longitude: -74.4121 }
const north = (steps: number) => ({ latitude: START.latitude + steps * 0.002, longitude: START.longitude, accuracy: 10 })

/** The whole page from its top, so the sticky header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

/** The order as its buyer's API answer has it. */
const buyersOrder = async (buyer: Page, id: string) => ((await (await buyer.request.get(url(`/api/orders/${id}`))).json()) as { order: Order }).order

/** Waits until the buyer's answer for `id` has the runner at `point` (the report has reached the server), and returns it. */
async function buyerSeesRunnerAt(buyer: Page, id: string, point: { latitude: number; longitude: number }) {
  const deadline = Date.now() + 15_000
  for (;;) {
    const { runnerLocation } = await buyersOrder(buyer, id)
    if (runnerLocation && Math.abs(runnerLocation.latitude - point.latitude) < 1e-9 && Math.abs(runnerLocation.longitude - point.longitude) < 1e-9)
      return runnerLocation
    if (Date.now() > deadline) throw new Error(`The buyer's order still has the runner at ${JSON.stringify(runnerLocation)}, not ${JSON.stringify(point)}`)
    await Bun.sleep(200)
  }
}

/** Accepts through the API (as the dashboard's button does) and opens the delivery, shopping. */
async function deliveryOpen(runner: Page, order: Order) {
  expect((await runner.request.patch(url(`/api/orders/${order.id}/accept`))).status()).toBe(200)
  await runner.goto(url(`/delivery/${order.id}`))
  await heading(runner, 'Active Delivery')
  await runner.getByText('Time to shop').waitFor()
}

describe("the runner's location", () => {
  test('granted, it is reported as the runner moves; the buyer gets only the last point, only after pick-up, and none once delivered', async () => {
    const { buyer, order } = await buyerWithOrder('(732) 555-0190')
    const runner = await runnerRavi('(732) 555-0191')
    await runner.context().grantPermissions(['geolocation'], { origin: env.server.url })
    await runner.context().setGeolocation(north(0))

    await deliveryOpen(runner, order)
    const card = runner.getByRole('region', { name: 'Your location' })
    // Granted before: it shares at once, saying who sees what, and to keep the app open.
    await card.getByText('Sharing your location with the customer until the order ends.').waitFor()
    await card.getByText(/They see it only after you pick up, and only your last point/).waitFor()
    await card.getByText('Keep Kirana open while you drive.').waitFor()
    // Each link's name says which place after the words shown (Chromium puts a space before the hidden part).
    const maps = runner.getByRole('link', { name: new RegExp(`^Open in Maps ?: ${order.storeName}$`) })
    expect(await maps.getAttribute('href')).toStartWith('https://www.google.com/maps/search/?api=1&query=')
    expect(await runner.getByRole('link', { name: /^Open in Maps ?: Meera Shah's address$/ }).getAttribute('href')).toContain('1%20Main%20St')
    await expectComfortableLayout(runner)
    expect(await seriousViolations(runner)).toEqual([])
    await shot(runner, 'runner-location-sharing-shopping-phone')
    // The full page's shot has the sticky pick-up button over the store's link: the card on its own shows it.
    await shotAt(runner, 'runner-store-open-in-maps-phone', runner.getByRole('region', { name: 'Store' }))

    // Before pick-up the buyer is not shown where the runner is.
    await Bun.sleep(1_000)
    expect((await buyersOrder(buyer, order.id)).runnerLocation).toBeNull()

    await pickUp(runner, order)
    await runner.getByRole('button', { name: 'MARK AS DELIVERED' }).waitFor()
    for (const step of [1, 2, 3]) {
      const place = north(step)
      await runner.context().setGeolocation(place)
      const seen = await buyerSeesRunnerAt(buyer, order.id, place)
      expect(seen.accuracyMeters).toBe(10)
    }
    await card.getByText('Sharing your location with the customer until the order ends.').waitFor()
    await shot(runner, 'runner-location-sharing-on-the-way-phone')

    expect((await runner.request.patch(url(`/api/orders/${order.id}/status`), { data: { status: 'delivered' } })).status()).toBe(200)
    await card.waitFor({ state: 'detached' })
    const delivered = await buyersOrder(buyer, order.id)
    expect([delivered.status, delivered.runnerLocation, delivered.eta]).toEqual(['delivered', null, null])
    await buyer.context().close()
    await runner.context().close()
  })

  test('refused, the runner sees a calm note and the delivery goes on', async () => {
    const { buyer, order } = await buyerWithOrder('(732) 555-0192')
    const runner = await runnerRavi('(732) 555-0193')
    // Chromium answers a page's ask for a permission not granted to its context with a refusal.
    await deliveryOpen(runner, order)
    const card = runner.getByRole('region', { name: 'Your location' })
    await card.getByRole('button', { name: 'Share My Location' }).click()
    await card.getByText(/^Location is off for Kirana, and that's fine: the delivery works without it/).waitFor()
    await runner.getByRole('button', { name: 'MARK AS PICKED UP' }).waitFor()
    expect(await seriousViolations(runner)).toEqual([])
    await shot(runner, 'runner-location-refused-phone')
    await buyer.context().close()
    await runner.context().close()
  })
})
