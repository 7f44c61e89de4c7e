import { describe, expect, test } from 'bun:test'
import { TZDate } from '@date-fns/tz'
import type { BrowserContext, Locator, Page } from 'playwright'
import { at, expectComfortableLayout, heading } from './account-steps'
import { PHONE, useServerAndBrowser } from './harness'
import { desktopShotAt, shotAt } from './phone-shots'
import { shopSteps } from './shop-steps'

/**
 * Issue 30's journey at phone size: Patel Family Grocers, open 10:00–14:00 every day, is closed on
 * a Friday evening, so checkout offers a window instead of ASAP; the buyer takes Saturday
 * 10:00–12:00 and tracking shows it; a runner nearby is not offered it until two hours before
 * the window (OFFER_LEAD_MINUTES' default), and is from then.
 *
 * Any day and hour: the server's clock is run ahead (DEV_CLOCK_OFFSET_MINUTES) to the next Friday
 * 20:00 in New York, and moved on by restarting it with a larger offset; the browsers' clocks are
 * set to the server's, so their countdowns agree with it.
 *
 * It needs both server halves of issue 30: store hours, the `stores hours` command and STORE_CLOSED
 * (marked [hours]); delivery windows, scheduledFor, scheduledWindow and offers from the lead time
 * (marked [windows]).
 */
const ZONE = 'America/New_York'
const MINUTE = 60_000

/** 20:00 in New York on the first Friday after `from` (ms), and a time of day on the Saturday after it. */
function nextFriday(from: number) {
  const local = new TZDate(from, ZONE)
  const localTime = (days: number, hour: number, minute = 0) =>
    new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, hour, minute, ZONE).getTime()
  let days = (5 - local.getDay() + 7) % 7
  if (localTime(days, 20) <= from) days += 7
  return { evening: localTime(days, 20), saturday: (hour: number, minute = 0) => localTime(days + 1, hour, minute) }
}

const friday = nextFriday(Date.now())
const serverEnv = { DEV_CLOCK_OFFSET_MINUTES: String(Math.ceil((friday.evening - Date.now()) / MINUTE)) }
const env = useServerAndBrowser(serverEnv)
const { url, demoStores, signInNewAccount, fillCart } = shopSteps(env)

const serverNow = () => Date.now() + Number(serverEnv.DEV_CLOCK_OFFSET_MINUTES) * MINUTE
const contexts: BrowserContext[] = []

/** A phone in New York whose clock reads the server's time. */
async function phoneOnServerTime() {
  const context = await env.browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, timezoneId: ZONE })
  await context.clock.install({ time: serverNow() })
  contexts.push(context)
  return context.newPage()
}

/** Restarts the server with its clock at `target` (ms, never earlier than now on it), and sets the phones' clocks to match. */
async function moveServerClockTo(target: number) {
  serverEnv.DEV_CLOCK_OFFSET_MINUTES = String(Math.ceil((target - Date.now()) / MINUTE))
  await env.server.restart()
  for (const context of contexts) await context.clock.setSystemTime(serverNow())
}

/** Support's CLI beside the running server, on the server's clock: it reaches the embedded database through the server's socket. */
function cli(...args: string[]) {
  const run = Bun.spawnSync(['bun', 'cli/index.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: env.server.dataDir, DATABASE_URL: '', ...serverEnv },
  })
  if (run.exitCode !== 0) throw new Error(`bun cli/index.ts ${args.join(' ')} exited ${run.exitCode}: ${run.stderr.toString()}`)
  return run.stdout.toString()
}

/** 'Checkout - $2.00' to /checkout, its card form ready. */
async function checkOut(page: Page) {
  await page.getByRole('button', { name: /^Checkout - / }).click()
  await at(page, '/checkout')
  await heading(page, 'Checkout')
  await page.getByLabel('Card number').waitFor()
}

const heroTitle = (page: Page, title: string) => page.locator('.tracking-hero__title').getByText(title, { exact: true }).waitFor()
/** The value beside `term` in a description list within `scope`. */
const fact = (scope: Locator, term: string) => scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').textContent()

describe('delivery windows at phone size', () => {
  test('a closed store offers a window; the buyer takes Saturday 10:00–12:00; tracking shows it; a runner sees it only from its lead time', async () => {
    const [patel] = await demoStores('patel')
    // [hours] Open 10:00–14:00 every day, so at Friday 20:00 it is closed and Saturday's first window is 10:00–12:00.
    cli('stores', 'hours', patel!.id, '--set', 'mon-sun 10:00-14:00')

    const buyer = await phoneOnServerTime()
    await signInNewAccount(buyer, '70')
    await fillCart(buyer, patel!.id)

    // [hours] The cart says the store is closed and when it opens, before any card: ASAP is not offered,
    // [windows] and the soonest free window is one tap away.
    const schedule = buyer.getByRole('region', { name: 'Delivery Schedule' })
    await schedule.getByText(`${patel!.name} is closed now; it opens 10 AM tomorrow. Choose a delivery window instead.`).waitFor()
    expect(await schedule.getByRole('radio', { name: /^ASAP/ }).isDisabled()).toBe(true)
    const oneTap = schedule.getByRole('button', { name: 'Schedule Sat 10:00–12:00' })
    await oneTap.waitFor()
    await schedule.getByRole('group', { name: 'Delivery window' }).waitFor()
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'windows-cart-closed-store-phone', schedule)
    await desktopShotAt(buyer, 'windows-cart-closed-store-desktop', schedule)
    await oneTap.click()
    await checkOut(buyer)
    expect(await fact(buyer.getByRole('region', { name: 'Order Summary' }), 'Delivery slot')).toBe('Sat 10:00–12:00')
    await buyer.getByRole('button', { name: /^4242 4242 4242 4242/ }).click()
    await buyer.getByRole('button', { name: /^Place Order - / }).click()

    // [windows] The order is for the window: the confirmation and tracking name it.
    await at(buyer, '/order-confirmation')
    await heading(buyer, 'Order Placed Successfully!')
    const orderId = new URL(buyer.url()).searchParams.get('orderId')!
    expect(await fact(buyer.getByRole('region', { name: 'Order details' }), 'Delivery slot')).toBe('Scheduled · Sat 10:00–12:00')
    await buyer.getByRole('link', { name: 'Track Order' }).click()
    await heading(buyer, 'Track Order')
    await heroTitle(buyer, 'Scheduled')
    const hero = buyer.getByRole('region', { name: 'Order status' })
    await hero.getByText('Sat 10:00–12:00', { exact: true }).waitFor()
    await hero.getByText(/will see your order from 8 AM tomorrow, 2 hours before your window\./).waitFor()
    await buyer.getByRole('region', { name: 'Delivery window' }).getByRole('button', { name: 'Change window' }).waitFor()
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'windows-tracking-scheduled-phone', hero)
    await desktopShotAt(buyer, 'windows-tracking-scheduled-desktop', hero)

    // [windows] A runner nearby is offered nothing on Friday evening, nor at 07:50 on Saturday.
    const runner = await phoneOnServerTime()
    await signInNewAccount(runner, '71', { roles: ['runner'], firstName: 'Ravi' })
    const offer = runner.getByRole('article', { name: patel!.name })
    for (const moment of [null, friday.saturday(7, 50)]) {
      if (moment) await moveServerClockTo(moment)
      await runner.goto(url('/runner'))
      await runner.getByRole('switch', { name: 'Online', checked: true }).waitFor()
      await runner.getByText("You're all caught up!").waitFor()
      expect(await offer.count()).toBe(0)
    }
    await shotAt(runner, 'windows-runner-before-lead-phone', runner.getByText("You're all caught up!"))

    // [windows] From 08:00, two hours before the window, it is offered, named by its window.
    await moveServerClockTo(friday.saturday(8, 5))
    await runner.goto(url('/runner'))
    await offer.waitFor()
    expect(await fact(offer, 'Time')).toBe('Scheduled · Sat 10:00–12:00')
    await expectComfortableLayout(runner)
    await shotAt(runner, 'windows-runner-offer-phone', offer)
    await desktopShotAt(runner, 'windows-runner-offer-desktop', offer)

    // The buyer's tracking now looks for a runner, the 30 minutes counting from 08:00.
    await buyer.goto(url(`/order/${orderId}`))
    await heroTitle(buyer, 'Finding Runner')
    await hero.getByText('Scheduled · Sat 10:00–12:00').waitFor()
    await hero.getByText(/left for a runner to accept/).waitFor()
    await shotAt(buyer, 'windows-tracking-offers-open-phone', hero)

    for (const context of contexts) await context.close()
  })
})
