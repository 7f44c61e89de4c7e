import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { sweepPayments } from '../../server/jobs'
import { testApi } from '../../testing/test-api'
import { findOrder, type Order, orderSupport, sweepExpiredOrders } from '../orders/index'
import { orderPayments } from '../payments/index'

const api = await testApi({ env: { WINDOW_CAPACITY: '10' } })
const { call, clock, db, kind, completeAccount, addStore, placeOrder, providers } = api
const store = await addStore({ name: 'Window Race Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000
const HOUR = 60 * MINUTE

type Window = { start: string; end: string; label: string; available: boolean }
const windows = async (cookie: string) =>
  ((await call('GET', `/api/stores/${store.store.id}/delivery-windows`, { cookie })).body.windows as Window[]).filter(
    (window) => Date.parse(window.start) - clock.now().getTime() >= 4 * HOUR && window.available,
  )
const takenIn = async (start: string) =>
  rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where store_id = ${store.store.id} and scheduled_for = ${start} and status <> 'cancelled'`),
  )[0]!.n

async function authorizedIntent(cookie: string, scheduledFor: string) {
  const intent = await call('POST', '/api/create-payment-intent', { cookie, body: { amount: 7, storeId: store.store.id, scheduledFor } })
  if (intent.status !== 200) throw new Error(`create-payment-intent failed: ${intent.status} ${JSON.stringify(intent.body)}`)
  const { clientSecret, paymentIntentId } = intent.body as { clientSecret: string; paymentIntentId: string }
  await call('POST', '/api/payments/embedded/confirm', { body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } })
  return paymentIntentId
}

// PGlite has one connection and cannot race; these need PostgreSQL.
describe.skipIf(kind !== 'postgres')('scheduled orders racing on PostgreSQL', () => {
  test('20 buyers racing for the last place in a window fill it exactly; the others’ holds are released', async () => {
    const first = await completeAccount()
    const [window] = await windows(first.cookie)
    for (let placed = 0; placed < 9; placed++) await placeOrder(first.cookie, store, { scheduledFor: window!.start })
    const buyers = await Promise.all(Array.from({ length: 20 }, () => completeAccount()))
    const intents = await Promise.all(buyers.map((buyer) => authorizedIntent(buyer.cookie, window!.start)))

    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        call('POST', '/api/confirm-payment-and-create-order', {
          cookie: buyer.cookie,
          body: {
            paymentIntentId: intents[index],
            orderData: { storeId: store.store.id, items: [{ id: store.items[0]!.id, quantity: 1 }], tip: 5, scheduledFor: window!.start },
          },
        }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(19)
    for (const answer of refused) expect(answer.body.code).toBe('WINDOW_FULL')
    expect(await takenIn(window!.start)).toBe(10)
    const statuses = await Promise.all(intents.map(async (id) => (await providers.payments.retrieveIntent(id))?.status))
    expect(statuses.filter((status) => status === 'requires_capture')).toHaveLength(1)
    expect(statuses.filter((status) => status === 'canceled')).toHaveLength(19)
    expect((await orderSupport.checkPayments(db, providers.payments, clock)).strandedHolds).toEqual([])
  })

  test('the sweep over many scheduled orders cancels each once, 30 minutes after its own offers open', async () => {
    const buyer = await completeAccount()
    const chosen = (await windows(buyer.cookie)).slice(1, 4)
    const placed: Order[] = []
    for (const window of chosen) for (let n = 0; n < 10; n++) placed.push(await placeOrder(buyer.cookie, store, { scheduledFor: window.start }))
    const byWindow = chosen.map((window) => placed.filter((order) => order.scheduledFor === window.start).map((order) => order.id))
    const sweepAll = async () => {
      // Three instances' minute jobs at once: one runs, under the sweep's lock, the others skip.
      const runs = await Promise.all([1, 2, 3].map(() => sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })))
      expect(runs.filter((run) => run !== null)).toHaveLength(1)
      // And a sweep outside the lock (support's `orders sweep` by hand) beside it finds nothing more to cancel.
      await sweepExpiredOrders(db, providers.payments, clock)
      return runs.flatMap((run) => run?.orders.cancelled ?? [])
    }

    const cancelled: string[] = []
    for (const [index, window] of chosen.entries()) {
      const expiresAt = Date.parse(window.start) - 90 * MINUTE
      clock.set(new Date(expiresAt - 1000))
      const early = await sweepAll()
      for (const id of byWindow[index]!) expect(early).not.toContain(id)
      clock.set(new Date(expiresAt))
      const swept = (await sweepAll()).filter((id) => placed.some((order) => order.id === id))
      expect(swept.sort()).toEqual([...byWindow[index]!].sort())
      for (const later of byWindow.slice(index + 1)) for (const id of later) expect((await findOrder(db, id))!.status).toBe('pending_runner_acceptance')
      cancelled.push(...swept)
    }
    expect(new Set(cancelled).size).toBe(placed.length)
    for (const order of placed) {
      const row = (await findOrder(db, order.id))!
      expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
      expect((await orderPayments.paymentEventsOf(db, row.paymentIntentId)).filter((event) => event.toStatus === 'cancelled')).toHaveLength(1)
      expect(
        rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from order_events where order_id = ${order.id} and type = 'cancelled'`))[0]!.n,
      ).toBe(1)
    }
    expect(await orderSupport.checkPayments(db, providers.payments, clock)).toMatchObject({ disagreeing: [], strandedHolds: [] })
  })
})
