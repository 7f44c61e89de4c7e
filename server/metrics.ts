import { createHash, timingSafeEqual } from 'node:crypto'
import { Elysia } from 'elysia'
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import { z } from 'zod'
import { orderFigures } from '../modules/orders/index'
import { holdWindows } from '../modules/payments/index'
import { payoutDesk, payoutOutbox } from '../modules/payouts/index'
import { type LiveStreams, type ModuleDeps, notFound, requestMetrics, unauthorized } from '../modules/shared/index'
import type { GatewayCalls } from './gateway-calls'

/**
 * The operator's figures, in Prometheus's registry: the requests (counted as they are answered),
 * the gateway's calls (counted as they are made), and, read from each module's door when scraped,
 * the orders by state, holds past their 30 minutes, payout lines by status, live streams and the
 * outboxes' backlog. So an operator learns that money is stuck before a runner writes in.
 */
export function operatorMetrics({ db, clock }: Pick<ModuleDeps, 'db' | 'clock'>, gatewayCalls: GatewayCalls, streams: LiveStreams) {
  const registry = new Registry()
  const http = requestMetrics(registry)
  for (const counter of Object.values(gatewayCalls)) registry.registerMetric(counter)
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Gauge<L>({ name, help, labelNames, registers: [registry] })
  const orders = gauge('kirana_orders', 'Orders in each state', ['state'])
  const waitingPastWindow = gauge(
    'kirana_orders_waiting_past_window',
    "Orders still waiting for a runner more than 2 minutes past their 30: the minute's sweep has not released their holds",
  )
  const holds = gauge(
    'kirana_payment_holds_older_than_30m',
    "Card holds standing more than 30 minutes after their authorization: of checkouts that never became an order (the sweep's to release), and of orders not yet captured (a scheduled order's may stand until its offers' 30 minutes)",
    ['of'],
  )
  const lines = gauge('kirana_payout_lines', 'Payout lines in each status', ['status'])
  const refused = gauge('kirana_payout_lines_refused', 'Unpaid payout lines the gateway refused at their last attempt; the next run tries them again')
  const stuck = gauge(
    'kirana_payout_lines_stuck',
    'Payout lines of runners whose payouts are enabled, due for more than an hour and still not paid (runs come every few minutes)',
  )
  const liveStreams = gauge('kirana_live_streams', 'Live streams (Server-Sent Events) this process holds open')
  const backlog = gauge('kirana_outbox_backlog_events', 'Outbox events no one has been told of yet', ['outbox'])
  const oldest = gauge('kirana_outbox_oldest_seconds', 'How long the oldest event not yet told has waited', ['outbox'])

  async function refresh() {
    const [orderFigs, holdFigs, lineFigs, payoutBacklog] = await Promise.all([
      orderFigures(db, clock),
      holdWindows.holdsOlderThanWindow(db, clock),
      payoutDesk.lineFigures(db, clock),
      payoutOutbox.payoutOutboxBacklog(db),
    ])
    for (const [state, count] of Object.entries(orderFigs.byStatus)) orders.set({ state }, count)
    waitingPastWindow.set(orderFigs.waitingPastWindow)
    holds.set({ of: 'checkout' }, holdFigs.ofCheckouts)
    holds.set({ of: 'order' }, holdFigs.ofOrders)
    for (const [status, count] of Object.entries(lineFigs.byStatus)) lines.set({ status }, count)
    refused.set(lineFigs.refusedAtLastAttempt)
    stuck.set(lineFigs.stuck)
    liveStreams.set(streams.size)
    const now = clock.now().getTime()
    for (const [outbox, { events, oldestAt }] of [
      ['orders', orderFigs.outbox],
      ['payouts', payoutBacklog],
    ] as const) {
      backlog.set({ outbox }, events)
      oldest.set({ outbox }, oldestAt ? Math.max(0, (now - oldestAt.getTime()) / 1000) : 0)
    }
  }

  return {
    http,
    /** The exposition, figures read now. */
    async scrape() {
      await refresh()
      return { contentType: registry.contentType, text: await registry.metrics() }
    },
    /** The process's own figures too (memory, CPU, event-loop delay): only for a server that serves them. */
    withProcessFigures() {
      collectDefaultMetrics({ register: registry, prefix: 'kirana_' })
    },
  }
}

export type OperatorMetrics = ReturnType<typeof operatorMetrics>

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics for Prometheus: off (404, as for any unknown path) unless METRICS_TOKEN is set, then
 * only to a scraper that sends it as its bearer token (401 otherwise). Compared in constant time.
 */
export function metricsRoute(token: string | undefined, metrics: OperatorMetrics) {
  const expected = token ? digest(token) : null
  if (token) metrics.withProcessFigures()
  return new Elysia({ name: 'operator-metrics' }).get(
    '/metrics',
    async ({ headers }) => {
      if (!expected) throw notFound('Not found', 'NOT_FOUND')
      const [scheme, given] = (headers.authorization ?? '').split(' ')
      if (scheme?.toLowerCase() !== 'bearer' || !given || !timingSafeEqual(digest(given), expected))
        throw unauthorized('The metrics token is missing or wrong', 'UNAUTHORIZED')
      const { contentType, text } = await metrics.scrape()
      return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } })
    },
    {
      response: { 200: z.string().describe("Prometheus's text format (version 0.0.4)") },
      detail: {
        summary: "The operator's figures for Prometheus",
        description: 'Off (404) unless METRICS_TOKEN is set; then the token is required as a bearer token (401 without it).',
      },
    },
  )
}
