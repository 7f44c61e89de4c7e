import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import type { CurrentUserResponse } from '../../modules/accounts/contract'
import { expectComfortableLayout, heading } from './account-steps'
import { seriousViolations } from './axe'
import { useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { desktopShotAt, shotAt } from './phone-shots'

/**
 * Where is my runner, from the buyer's phone (issue 40): an order a runner accepted and picked up,
 * the runner's position reported three times through the API as their phone would, and the buyer's
 * tracking page following each report live: the runner's mark moves and the arrival line changes.
 * No MAP_TILE_URL is set, so the map is the three points on a plain background and the page asks
 * nothing of any server but ours.
 */
const env = useServerAndBrowser()
const { url, demoStore, buyerWithOrder, runnerRavi, pickUp } = orderSteps(env)

/** Within this, a change must have come over the order's stream: polling would take 30 s. */
const LIVE_MS = 5_000

/** Every request the page makes to another origin, refused: a map drawn without tiles needs none. */
async function offTheInternet(page: Page) {
  const elsewhere: string[] = []
  await page.context().route(
    (address) => !address.href.startsWith(env.server.url),
    (route) => {
      elsewhere.push(route.request().url())
      return route.abort()
    },
  )
  return elsewhere
}

/** A degree of latitude is about 111 km everywhere. */
const FIVE_KM_OF_LATITUDE = 5 / 111
const ARRIVAL = '.delivery-map__arrival'
const RUNNER_MARK = 'path.delivery-map__point--runner'

/** Waits until the page shows `selector` with its text (or `attribute`) other than `before`, and answers what it shows. */
async function changed(page: Page, selector: string, before: string | null, attribute?: string) {
  await page.waitForFunction(
    ({ selector, before, attribute }) => {
      const element = document.querySelector(selector)
      const now = element && (attribute ? element.getAttribute(attribute) : element.textContent)
      return Boolean(now) && now !== before
    },
    { selector, before, attribute },
    { timeout: LIVE_MS },
  )
  const element = page.locator(selector)
  return attribute ? element.getAttribute(attribute) : element.textContent()
}

describe("the buyer's map", () => {
  test('accepted, picked up and driven: the map and its arrival line follow three reports live, with no tiles and nothing fetched elsewhere', async () => {
    const store = await demoStore()
    const { buyer, order } = await buyerWithOrder('(732) 555-0190')
    const elsewhere = await offTheInternet(buyer)
    const home = ((await (await buyer.request.get(url('/api/auth/user'))).json()) as CurrentUserResponse).user
    const runner = await runnerRavi('(732) 555-0191')
    expect((await runner.request.patch(url(`/api/orders/${order.id}/accept`))).status()).toBe(200)

    // While the runner shops: the store and the home, and where the runner is shopping in words.
    await buyer.goto(url(`/order/${order.id}`))
    await heading(buyer, 'Track Order')
    const map = buyer.getByRole('region', { name: 'Map of your delivery' })
    await map.getByText(`Shopping at ${store.name}`).waitFor()
    await map.locator('.delivery-map__label--store').getByText(store.address).waitFor()
    await map.locator('.delivery-map__label--home').getByText('Your home').waitFor()
    expect(await map.locator('.delivery-map__point--runner').count()).toBe(0)
    await map.locator('.leaflet-control-scale').waitFor()
    await shotAt(buyer, 'buyer-map-shopping-phone', map)
    let loads = 0
    buyer.on('load', () => loads++)

    await pickUp(runner, order)
    // Three points on a drive home from 5 km north (the demo store is a few streets from the home, too
    // near for the ETA to change), each well over 50 m from the one before, so each is kept at once.
    const along = (share: number) => ({ latitude: home.latitude! + FIVE_KM_OF_LATITUDE * (1 - share), longitude: home.longitude!, accuracyMeters: 15 })
    let shownMark: string | null = null
    let shownArrival: string | null = null
    for (const [index, share] of [0, 0.5, 0.9].entries()) {
      const report = await runner.request.post(url(`/api/orders/${order.id}/location`), { data: along(share) })
      expect(report.status()).toBe(200)
      await map.getByText('Your runner', { exact: true }).waitFor({ timeout: LIVE_MS })
      shownMark = await changed(buyer, RUNNER_MARK, shownMark, 'd')
      shownArrival = await changed(buyer, ARRIVAL, shownArrival)
      expect(shownArrival).toMatch(/^Arriving (in about \d+ min|any minute now) \(\d{1,2}:\d{2} [AP]M\)$/)
      if (index === 1) await shotAt(buyer, 'buyer-map-on-the-way-phone', map)
    }
    await map.getByText('An estimate from the distance and what is left to shop; traffic can change it.').waitFor()
    expect(await map.getByText(/Location last updated/).count()).toBe(0)
    await expectComfortableLayout(buyer)
    expect(await seriousViolations(buyer)).toEqual([])
    await desktopShotAt(buyer, 'buyer-map-on-the-way-desktop', map)

    // All of it over the stream: the page never reloaded, and nothing went to a tile server or anywhere else.
    expect(loads).toBe(0)
    expect(await buyer.locator('.leaflet-tile-pane img').count()).toBe(0)
    expect(elsewhere).toEqual([])
    await buyer.context().close()
    await runner.context().close()
  })
})
