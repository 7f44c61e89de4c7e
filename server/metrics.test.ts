import { describe, expect, test } from 'bun:test'
import { orderOutbox } from '../modules/orders/index'
import { type PaymentGateway, paymentErrors } from '../modules/payments/index'
import { payoutDesk } from '../modules/payouts/index'
import { apiRequest } from '../testing/database'
import { testApi } from '../testing/test-api'

const TOKEN = 'scrape-me-with-this-token'
const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** One figure of an exposition: the sample with exactly these labels, or undefined when there is none. */
function figure(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',')
  for (const line of text.split('\n')) {
    const sample = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!sample || sample[1] !== name) continue
    const found = (sample[2] ?? '').split(',').filter(Boolean).sort().join(',')
    if (found === wanted) return Number(sample[3])
  }
  return undefined
}

// One app with the token set, whose gateway refuses transfers when told.
const refusing = { transfers: false, gateway: null as unknown as PaymentGateway }
const api = await testApi({
  env: { METRICS_TOKEN: TOKEN },
  wrapPayments: (inner) =>
    (refusing.gateway = {
      ...inner,
      async transfer(request) {
        if (refusing.transfers) throw new paymentErrors.TransferRefusedError('account_not_enabled', 'The connected account cannot take transfers.')
        return inner.transfer(request)
      },
    }),
})
const { call, clock, db } = api
const scrape = async () => {
  // A request is counted once its answer has gone: Elysia's afterResponse comes a turn of the event loop later.
  await Bun.sleep(1)
  const answer = await api.app.handle(apiRequest('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }))
  expect(answer.status).toBe(200)
  return answer.text()
}

describe('GET /metrics is off unless METRICS_TOKEN is set', () => {
  test('without the token configured it answers 404 as any unknown path, whatever is sent', async () => {
    const { call } = await testApi()
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const answer = await call('GET', '/metrics', { headers })
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
    }
  })

  test('a token shorter than 16 characters is refused at start', async () => {
    const refused = testApi({ env: { METRICS_TOKEN: 'short-secret' } })
    await expect(refused).rejects.toThrow('Invalid configuration: METRICS_TOKEN is out of range: must be at least 16 characters')
    // A token is a secret: the refusal does not repeat it.
    await expect(refused).rejects.not.toThrow('short-secret')
  })
})

describe('GET /metrics with METRICS_TOKEN set', () => {
  test('a missing or wrong token, or another scheme, gets 401 in JSON', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const answer = await call('GET', '/metrics', { headers: authorization === undefined ? {} : { authorization } })
      expect(answer.status).toBe(401)
      expect(answer.headers.get('content-type')).toStartWith('application/json')
      expect(answer.body).toEqual({ message: 'The metrics token is missing or wrong', code: 'UNAUTHORIZED' })
    }
  })

  test("the right token gets Prometheus's text format, not cached", async () => {
    const answer = await api.app.handle(apiRequest('GET', '/metrics', { headers: { authorization: `bearer ${TOKEN}` } }))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const text = await answer.text()
    expect(text).toContain('# TYPE kirana_http_request_duration_seconds histogram')
    expect(text).toContain('# TYPE kirana_orders gauge')
    expect(figure(text, 'kirana_process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  test('requests are counted and timed by method, route pattern and status; a path no route has is unmatched', async () => {
    const runner = await api.completeAccount({ roles: ['runner'] })
    const before = await scrape()
    const stats = { method: 'GET', route: '/api/runner/stats', status: '200' }
    for (let i = 0; i < 3; i++) expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).status).toBe(200)
    expect((await call('GET', '/api/runner/stats')).status).toBe(401)
    expect((await call('GET', `/api/no-such-thing/${runner.user.id}`)).status).toBe(404)
    const after = await scrape()
    expect(figure(after, 'kirana_http_requests_total', stats)! - (figure(before, 'kirana_http_requests_total', stats) ?? 0)).toBe(3)
    expect(
      figure(after, 'kirana_http_request_duration_seconds_count', stats)! - (figure(before, 'kirana_http_request_duration_seconds_count', stats) ?? 0),
    ).toBe(3)
    expect(figure(after, 'kirana_http_request_duration_seconds_bucket', { ...stats, le: '+Inf' })).toBe(figure(after, 'kirana_http_requests_total', stats)!)
    expect(figure(after, 'kirana_http_requests_total', { ...stats, status: '401' })).toBe(1)
    expect(figure(after, 'kirana_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1)
    // Paths are never labels: an id in one would make a series of each request.
    expect(after).not.toContain(runner.user.id)
  })

  test('orders by state, holds past their 30 minutes, payout lines by status, refused and stuck lines, the outbox and live streams, as they are made', async () => {
    const store = await api.addStore({ name: 'Metrics Store', latitude: 40.53, longitude: -74.3973 })
    const runner = await api.runnerWithPayouts()
    const delivered = await api.deliveredOrder(store, { runner })
    const buyer = await api.completeAccount()
    const waiting = await api.placeOrder(buyer.cookie, store)

    let text = await scrape()
    expect(figure(text, 'kirana_orders', { state: 'delivered' })).toBe(1)
    expect(figure(text, 'kirana_orders', { state: 'pending_runner_acceptance' })).toBe(1)
    expect(figure(text, 'kirana_orders', { state: 'cancelled' })).toBe(0)
    expect(figure(text, 'kirana_orders_waiting_past_window')).toBe(0)
    expect(figure(text, 'kirana_payment_holds_older_than_30m', { of: 'order' })).toBe(0)
    expect(figure(text, 'kirana_payment_holds_older_than_30m', { of: 'checkout' })).toBe(0)
    expect(figure(text, 'kirana_payout_lines', { status: 'pending' })).toBe(1)
    expect(figure(text, 'kirana_payout_lines', { status: 'available' })).toBe(0)
    expect(figure(text, 'kirana_gateway_calls_total', { gateway: 'embedded', method: 'capture' })).toBe(1)
    expect(figure(text, 'kirana_outbox_backlog_events', { outbox: 'orders' })).toBe((await orderOutbox.undispatchedOrderEvents(db, 1_000)).length)

    // The waiting order's 30 minutes pass, and the sweep does not come.
    clock.advance(33 * MINUTE)
    text = await scrape()
    expect(figure(text, 'kirana_orders_waiting_past_window')).toBe(1)
    expect(figure(text, 'kirana_payment_holds_older_than_30m', { of: 'order' })).toBe(1)

    // The delivery's window for problem reports closes; the gateway refuses its transfer.
    clock.advance(24 * HOUR)
    expect(figure(await scrape(), 'kirana_payout_lines', { status: 'available' })).toBe(1)
    refusing.transfers = true
    expect((await payoutDesk.runPayouts(db, refusing.gateway, clock)).refused).toHaveLength(1)
    text = await scrape()
    expect(figure(text, 'kirana_payout_lines_refused')).toBe(1)
    // Due for an hour and still not paid: stuck.
    expect(figure(text, 'kirana_payout_lines_stuck')).toBe(0)
    clock.advance(HOUR)
    expect(figure(await scrape(), 'kirana_payout_lines_stuck')).toBe(1)

    refusing.transfers = false
    await payoutDesk.runPayouts(db, refusing.gateway, clock)
    text = await scrape()
    expect(figure(text, 'kirana_payout_lines', { status: 'paid' })).toBe(1)
    expect(figure(text, 'kirana_payout_lines_refused')).toBe(0)
    expect(figure(text, 'kirana_payout_lines_stuck')).toBe(0)
    expect(figure(text, 'kirana_gateway_calls_total', { gateway: 'embedded', method: 'transfer' })).toBe(1)

    // The buyer follows the delivered order: one stream open while it is read.
    expect(figure(text, 'kirana_live_streams')).toBe(0)
    const stream = await api.app.handle(apiRequest('GET', `/api/orders/${delivered.order.id}/events`, { cookie: delivered.buyer.cookie }))
    const reader = stream.body!.getReader()
    await reader.read()
    expect(figure(await scrape(), 'kirana_live_streams')).toBe(1)
    await reader.cancel()
    expect(waiting.status).toBe('pending_runner_acceptance')
  })
})
