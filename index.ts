import { readdirSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { Elysia } from 'elysia'
import { z } from 'zod'
import { type DatabaseHandle, type DatabaseKind, type DatabaseTarget, type Listen, openDatabase } from './db/client'
import { migrate } from './db/migrate'
import { databaseTarget } from './db/target'
import { accountsModule, sessionPlugin } from './modules/accounts/index'
import { checkoutModule } from './modules/cart-checkout/index'
import { catalogIsEmpty, catalogModule, demoCatalogFingerprint, seedDemoCatalog } from './modules/catalog/index'
import { notificationsModule } from './modules/notifications/index'
import { ordersModule, ordersPaymentListener } from './modules/orders/index'
import { type AccountListener, paymentsModule } from './modules/payments/index'
import { payoutDesk } from './modules/payouts/index'
import { runnerModule } from './modules/runner/index'
import {
  answerTurns,
  type Config,
  ConfigError,
  crossSiteGuard,
  errorPlugin,
  type LiveStreams,
  liveStreams,
  loadConfig,
  type ModuleDeps,
  requestLimits,
  securityHeaders,
} from './modules/shared/index'
import { verificationModule } from './modules/verification/index'
import { apiDocs } from './server/api-docs'
import { jobs } from './server/jobs'
import { clockFromConfig, type Providers, providersFromConfig } from './server/providers'
import { resetCourier } from './server/reset-courier'
import { type WebHostOptions, webHost } from './web/host'

export interface AppDeps extends ModuleDeps {
  dbKind: DatabaseKind
  listen: Listen
}

/** The live streams every module's stream routes count against, within the configured limits. */
export const liveStreamsFromConfig = (config: Config) => liveStreams({ perUser: config.LIVE_STREAMS_PER_USER, perProcess: config.LIVE_STREAMS_PER_PROCESS })

/** Every module's routes behind the one error shape. Tests drive this through `app.handle`, and may listen in on what payments tells payouts of runners' accounts. */
export function createApi(
  deps: AppDeps,
  providers: Providers = providersFromConfig(deps),
  streams: LiveStreams = liveStreamsFromConfig(deps.config),
  accounts: AccountListener = payoutDesk.accountListener(deps.db, deps.clock),
) {
  const session = sessionPlugin(deps)
  return new Elysia()
    .use(errorPlugin)
    .use(securityHeaders({ production: deps.config.NODE_ENV === 'production', firebaseAuthEmulatorHost: deps.config.FIREBASE_AUTH_EMULATOR_HOST }))
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
    .use(ordersModule(deps, session, providers.payments, deps.listen, streams, providers.objects))
    .use(runnerModule(deps, session, providers.payments, providers.objects, deps.listen, streams))
    .use(notificationsModule(deps, session, providers.push, deps.listen, providers.pushClient, streams))
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

/**
 * A newcomer's embedded database starts with the demo stores: they are written once into the
 * template new data directories are copied from, so a first start does not spend seconds on them.
 */
export function withDemoCatalog(target: DatabaseTarget): DatabaseTarget {
  return 'dataDir' in target ? { ...target, contents: { name: 'demo', fingerprint: demoCatalogFingerprint, fill: seedDemoCatalog } } : target
}

/**
 * How long requests under way get to finish once a stopping server no longer listens; then the
 * connections left are cut, so the process exits well inside a process manager's deadline.
 */
const SHUTDOWN_GRACE_MS = 3000

// `bun --hot` re-runs this file on every edit; the embedded database must stay open across reloads.
const hot = globalThis as typeof globalThis & { kiranaDatabase?: Promise<DatabaseHandle> }

async function start() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const handle = await (hot.kiranaDatabase ??= openDatabase(withDemoCatalog(databaseTarget(config))).then(async (opened) => {
    await migrate(opened.db)
    return opened
  }))
  // Support's CLI works beside the server: it reaches the embedded database through a socket in DATA_DIR.
  await handle.share?.().catch((error) => console.warn(`The CLI cannot reach the database while the server runs: ${(error as Error).message}`))
  const clock = clockFromConfig(config)
  if (config.DEV_CLOCK_OFFSET_MINUTES)
    console.log(`The clock runs ${config.DEV_CLOCK_OFFSET_MINUTES} minutes ahead (DEV_CLOCK_OFFSET_MINUTES): it is ${clock.now().toISOString()} to the server.`)
  const deps: AppDeps = { db: handle.db, dbKind: handle.kind, listen: handle.listen, clock, config }
  const publicDir = 'public'
  const providers = providersFromConfig(deps)
  const streams = liveStreamsFromConfig(config)
  const app = (await createApp(deps, { distDir: config.DIST_DIR, publicDir, environment: config.NODE_ENV }, providers, streams)).use(
    jobs({
      db: handle.db,
      dbKind: handle.kind,
      listen: handle.listen,
      clock,
      gateway: providers.payments,
      push: providers.push,
      payoutRunMinutes: config.PAYOUT_RUN_MINUTES,
    }),
  )
  // Bun's own body ceiling (128 MB) stays above ours, so an oversized body gets our 413 in JSON, not Bun's bare one.
  const listenOptions = { port: config.PORT, hostname: config.HOST }
  let server: { stop(closeActiveConnections?: boolean): Promise<void> }
  if (config.WEB_HOT_RELOAD) {
    // Bun bundles web/ on request and pushes edits to the page; everything else still goes through the app.
    const source = (await import('./web/index.html')).default
    const viaApp = (request: Request) => app.handle(request)
    const appPaths = ['/api/*', '/welcome', '/manifest.webmanifest', ...readdirSync(publicDir).map((file) => `/${file}`)]
    server = Bun.serve({
      ...listenOptions,
      development: { hmr: true, console: true },
      routes: { ...Object.fromEntries(appPaths.map((path) => [path, viaApp])), '/*': source },
      fetch: viaApp,
    })
  } else {
    server = app.listen(listenOptions).server!
  }
  console.log(`Kirana is serving http://localhost:${config.PORT} on ${handle.kind === 'pglite' ? `embedded PGlite (${config.DATA_DIR})` : 'PostgreSQL'}`)
  // Stopping ends the live streams that would otherwise hold the process (and PGlite's lock) open.
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping (${streams.size} live streams open)`)
    // Should closing the database hang, the process still ends, saying so in its exit code.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5000).unref()
    const sweep = app.store.cron['payment-sweep']
    const payouts = app.store.cron['payout-run']
    sweep.stop()
    payouts.stop()
    // Stop listening first, so the streams ended below reconnect to another instance, not this one.
    const drained = server.stop()
    streams.endAll()
    const sweepDone = (async () => {
      while (sweep.isBusy() || payouts.isBusy()) await Bun.sleep(20)
    })()
    await Promise.race([Promise.all([drained, sweepDone]), Bun.sleep(SHUTDOWN_GRACE_MS)])
    await server.stop(true)
    await handle.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  // A newcomer's embedded database gets the demo stores. After listening, so start-up stays fast;
  // a real PostgreSQL is never seeded behind support's back (`cli seed demo` does it on purpose).
  if (handle.kind === 'pglite' && (await catalogIsEmpty(handle.db))) {
    const seeded = await seedDemoCatalog(handle.db)
    console.log(`Seeded ${seeded.storesCreated} demo stores with ${seeded.itemsCreated} items`)
  }
}

if (import.meta.main) await start()
