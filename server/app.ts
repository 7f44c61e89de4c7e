import { sql } from 'drizzle-orm'
import { Elysia } from 'elysia'
import { z } from 'zod'
import type { DatabaseKind, Listen } from '../db/client'
import { accountsModule, sessionPlugin } from '../modules/accounts/index'
import { checkoutModule } from '../modules/cart-checkout/index'
import { catalogModule } from '../modules/catalog/index'
import { conversationModule, orderChatStream } from '../modules/conversation/index'
import { notificationsModule } from '../modules/notifications/index'
import { orderRecords, ordersModule, ordersPaymentListener } from '../modules/orders/index'
import { type AccountListener, paymentsModule } from '../modules/payments/index'
import { payoutDesk } from '../modules/payouts/index'
import { runnerModule } from '../modules/runner/index'
import { schedulingModule } from '../modules/scheduling/index'
import {
  answerTurns,
  type Config,
  createLogger,
  crossSiteGuard,
  errorPlugin,
  type LiveStreams,
  type Logger,
  liveStreams,
  type ModuleDeps,
  observeRequests,
  requestLimits,
  securityHeaders,
} from '../modules/shared/index'
import { orderTracking, trackingModule } from '../modules/tracking/index'
import { orderTrust, trustModule } from '../modules/trust/index'
import { verificationModule } from '../modules/verification/index'
import { type WebHostOptions, webHost } from '../web/host'
import { apiDocs } from './api-docs'
import { metricsRoute, operatorMetrics } from './metrics'
import { type Providers, providersFromConfig } from './providers'
import { resetCourier } from './reset-courier'

export interface AppDeps extends ModuleDeps {
  dbKind: DatabaseKind
  listen: Listen
  /** Where each request's line is written. Unset: as the config says (JSON in production, text in development, nothing while testing). */
  logger?: Logger
}

/** The live streams every module's stream routes count against, within the configured limits. */
export const liveStreamsFromConfig = (config: Config) => liveStreams({ perUser: config.LIVE_STREAMS_PER_USER, perProcess: config.LIVE_STREAMS_PER_PROCESS })

/** Every module's routes behind the one error shape. Tests drive this through `app.handle`, and may listen in on what payments tells payouts of runners' accounts. */
export function createApi(
  deps: AppDeps,
  providers: Providers = providersFromConfig(deps),
  streams: LiveStreams = liveStreamsFromConfig(deps.config),
  accounts: AccountListener = payoutDesk.payoutsAccountListener(deps.db, deps.clock),
) {
  orderRecords.connectOrderTrust(orderTrust)
  orderRecords.connectOrderTracking(orderTracking(providers.router))
  const session = sessionPlugin(deps)
  const metrics = operatorMetrics(deps, providers.gatewayCalls, streams)
  return new Elysia()
    .use(observeRequests(deps.logger ?? createLogger(deps.config), metrics.http))
    .use(errorPlugin)
    .use(
      securityHeaders({
        production: deps.config.NODE_ENV === 'production',
        firebaseAuthEmulatorHost: deps.config.FIREBASE_AUTH_EMULATOR_HOST,
        mapTileUrl: deps.config.MAP_TILE_URL,
      }),
    )
    .use(requestLimits)
    .use(answerTurns)
    .use(crossSiteGuard(deps.config.APP_URL))
    .get(
      '/api/health',
      async () => {
        await deps.db.execute(sql`select 1`)
        return { status: 'ok' as const, db: deps.dbKind }
      },
      { response: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }) },
    )
    .use(accountsModule({ ...deps, session, geocoder: providers.geocoder, resetCourier: resetCourier(deps.db, providers.sms, providers.push) }))
    .use(verificationModule(deps, session, providers))
    .use(catalogModule(deps, session, deps.listen))
    .use(paymentsModule(deps, providers.payments, ordersPaymentListener(deps.db, deps.clock, providers.payments), accounts))
    .use(checkoutModule(deps, session, providers.payments))
    .use(ordersModule(deps, session, providers.payments, deps.listen, streams, providers.objects, orderChatStream(deps.db, deps.listen)))
    .use(conversationModule(deps, session))
    .use(trustModule(deps, session, providers.objects))
    .use(trackingModule(deps, session))
    .use(schedulingModule(deps, session))
    .use(runnerModule(deps, session, providers.payments, providers.objects, deps.listen, streams))
    .use(notificationsModule(deps, session, providers.push, deps.listen, providers.pushClient, streams))
    .use(metricsRoute(deps.config.METRICS_TOKEN, metrics))
    .use(apiDocs({ enabled: deps.config.API_DOCS ?? deps.config.NODE_ENV !== 'production' }))
}

export type App = ReturnType<typeof createApi>

/** The API plus the built PWA, as production serves it. */
export async function createApp(
  deps: AppDeps,
  web: WebHostOptions,
  providers: Providers = providersFromConfig(deps),
  streams: LiveStreams = liveStreamsFromConfig(deps.config),
) {
  return createApi(deps, providers, streams).use(await webHost(web))
}
