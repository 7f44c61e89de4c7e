import { expect } from 'bun:test'
import type { APIResponse, Browser, Page } from 'playwright'
import type { CatalogItem, NearbyStore } from '../../modules/catalog/contract'
import type { Order } from '../../modules/orders/contract'
import { TEST_CODE } from '../../modules/verification/contract'
import { PHONE, type RunningServer } from './harness'
import { cameraPhoto } from './phone-shots'

type Person = { firstName: string; lastName: string; phone: string; roles: string[] }

/**
 * The steps of the order journeys that happen through the API, in a page's own cookie jar:
 * making a verified account with a complete profile in Edison, and placing an order the way
 * checkout does (authorize the fee plus tip with the embedded gateway's test card, then place).
 */
export function orderSteps(env: { server: RunningServer; browser: Browser }) {
  const url = (path: string) => `${env.server.url}${path}`
  const ok = async (answer: Promise<APIResponse>) => {
    const response = await answer
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`)
    return response.json()
  }

  /** The demo stores are seeded shortly after the server starts. */
  async function demoStore(): Promise<NearbyStore> {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const response = await fetch(url('/api/stores/nearby?zipCode=08817'))
      const stores = response.ok ? ((await response.json()) as NearbyStore[]) : []
      if (stores.length > 0) return stores[0]!
      await Bun.sleep(250)
    }
    throw new Error('The demo stores were not seeded within 60 s')
  }

  /** A phone-sized browser context of its own, signed in as a new person with a verified phone and a complete profile at 08817. */
  async function signedIn({ firstName, lastName, phone, roles }: Person): Promise<Page> {
    const context = await env.browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 })
    const page = await context.newPage()
    const email = `${firstName.toLowerCase()}.${phone.replace(/\D/g, '')}@example.com`
    await ok(page.request.post(url('/api/register'), { data: { firstName, lastName, email, phone, password: 'cardamom-chai-7' } }))
    await ok(page.request.post(url('/api/verification/send-code'), { data: { phone } }))
    await ok(page.request.patch(url('/api/user/verify-phone'), { data: { phone, verificationCode: TEST_CODE } }))
    await ok(
      page.request.post(url('/api/auth/complete-profile'), {
        data: { firstName, lastName, roles, address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' },
      }),
    )
    return page
  }

  /**
   * Places an order of the store's first `lines` items with a $5 tip, paid with the test card 4242 4242 4242 4242.
   * With `groceries: 'card'` the groceries are paid in the app: the same card's confirmation authorizes their hold too.
   */
  async function placeOrder(page: Page, store: NearbyStore, { lines = 3, tip = 5, groceries = 'at_door' as 'at_door' | 'card' } = {}): Promise<Order> {
    const found = ((await ok(page.request.get(url(`/api/items?storeId=${store.id}`)))) as CatalogItem[]).slice(0, lines)
    expect(found).toHaveLength(lines)
    const items = found.map((item) => ({ id: item.id, quantity: 1 }))
    const byCard = groceries === 'card' ? { groceryPayment: 'card', storeId: store.id, items } : {}
    const intent = await ok(page.request.post(url('/api/create-payment-intent'), { data: { amount: 2 + tip, ...byCard } }))
    await ok(
      page.request.post(url('/api/payments/embedded/confirm'), {
        data: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      }),
    )
    const placed = await ok(
      page.request.post(url('/api/confirm-payment-and-create-order'), {
        data: { paymentIntentId: intent.paymentIntentId, groceryPaymentIntentId: intent.groceryIntent?.id, orderData: { storeId: store.id, items, tip } },
      }),
    )
    return placed.order as Order
  }

  /** The journeys' buyer, Meera Shah on `phone`, signed in with an order from the nearest demo store waiting for a runner. */
  async function buyerWithOrder(phone: string) {
    const store = await demoStore()
    const buyer = await signedIn({ firstName: 'Meera', lastName: 'Shah', phone, roles: ['buyer'] })
    return { buyer, order: await placeOrder(buyer, store) }
  }

  /** The journeys' runner, Ravi Kumar on `phone`, signed in. */
  const runnerRavi = (phone: string) => signedIn({ firstName: 'Ravi', lastName: 'Kumar', phone, roles: ['runner'] })

  /**
   * Accepts and picks up with everything found through the API; the pick-up waits for the capture the accept started.
   * With `receiptTotal` (dollars), a photographed receipt goes first and its total with the pick-up.
   */
  async function acceptAndPickUp(runner: Page, order: Order, receiptTotal?: string) {
    expect((await runner.request.patch(url(`/api/orders/${order.id}/accept`))).status()).toBe(200)
    if (receiptTotal)
      await ok(runner.request.post(url(`/api/orders/${order.id}/receipt`), { multipart: { photo: await cameraPhoto(runner, 'STORE RECEIPT') } }))
    await pickUp(runner, order, receiptTotal)
  }

  /** Accepts, picks up with everything found and delivers through the API. */
  async function deliver(runner: Page, order: Order) {
    await acceptAndPickUp(runner, order)
    expect((await runner.request.patch(url(`/api/orders/${order.id}/status`), { data: { status: 'delivered' } })).status()).toBe(200)
  }

  /** Payouts set up through the embedded stand-in's onboarding form with Stripe's test routing number and `accountNumber`, as payouts.e2e does by hand. */
  async function enablePayouts(runner: Page, accountNumber = '000123456789') {
    const started = await ok(runner.request.post(url('/api/runner/payouts/onboarding')))
    const link = new URL((started as { url: string }).url).searchParams.get('link')!
    await ok(
      runner.request.post(url('/api/payments/embedded/onboarding'), {
        data: { link, legalName: 'Ravi Kumar', dateOfBirth: '1990-04-12', ssnLast4: '1234', routingNumber: '110000000', accountNumber },
      }),
    )
  }

  /** Support's CLI beside the running server: it reaches the embedded database through the server's socket. */
  function cli(...args: string[]) {
    const run = Bun.spawnSync(['bun', 'cli/index.ts', ...args], { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: env.server.dataDir, DATABASE_URL: '' } })
    return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
  }

  /** Picks up with everything found through the API, once the accept's capture has gone through. */
  async function pickUp(runner: Page, order: Order, receiptTotal?: string) {
    const body = { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })), actualGroceryCost: receiptTotal }
    const deadline = Date.now() + 10_000
    for (;;) {
      const answer = await runner.request.patch(url(`/api/orders/${order.id}/status`), { data: body })
      if (answer.ok()) return
      if (Date.now() > deadline || (await answer.json()).code !== 'PAYMENT_NOT_CAPTURED') throw new Error(`Pick-up answered ${answer.status()}`)
      await Bun.sleep(200)
    }
  }

  return { url, demoStore, signedIn, placeOrder, buyerWithOrder, runnerRavi, acceptAndPickUp, pickUp, deliver, enablePayouts, cli }
}
