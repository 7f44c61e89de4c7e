import { readdirSync } from 'node:fs'
import type { DatabaseHandle, DatabaseTarget } from './db/client'
import { compiledPglite } from './db/pglite-wasm'
import type { Clock, Config } from './modules/shared/index'
import type { AppDeps } from './server/app'

/**
 * A newcomer's embedded database starts with the demo stores: they are written once into the
 * template new data directories are copied from, so a first start does not spend seconds on them.
 */
export function withDemoCatalog(target: DatabaseTarget, clock: Clock): DatabaseTarget {
  if (!('dataDir' in target)) return target
  const catalog = () => import('./modules/catalog/index')
  return {
    ...target,
    contents: {
      name: 'demo',
      fingerprint: async () => (await catalog()).demoCatalog.demoCatalogFingerprint(clock),
      fill: async (db) => (await catalog()).demoCatalog.seedDemoCatalog(db, clock),
    },
  }
}

/**
 * How long requests under way get to finish once a stopping server no longer listens; then the
 * connections left are cut, so the process exits well inside a process manager's deadline.
 */
const SHUTDOWN_GRACE_MS = 3000

// `bun --hot` re-runs this file on every edit; the embedded database must stay open across reloads.
const hot = globalThis as typeof globalThis & { kiranaDatabase?: Promise<DatabaseHandle> }

async function start() {
  // PostgreSQL's WebAssembly compiles on threads of its own while this process loads its modules
  // (150 ms of them before the settings are read): begun now when the settings will choose the
  // embedded database. Its error, should it fail, is the opening's.
  if (!hot.kiranaDatabase && !process.env.DATABASE_URL) compiledPglite().catch(() => {})
  const [{ ConfigError, createLogger, loadConfig, systemClock }, { openDatabase }, { migrate }, { databaseTarget }] = await Promise.all([
    import('./modules/shared/index'),
    import('./db/client'),
    import('./db/migrate'),
    import('./db/target'),
  ])
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
  // The database opens (PGlite compiling, the template copying) while the app's modules load: the
  // app is imported here, not above, so that loading it does not come first.
  // The demo's holiday is dated from today by the system's clock: the configured one is chosen with the providers, loaded below.
  hot.kiranaDatabase ??= openDatabase(withDemoCatalog(databaseTarget(config), systemClock)).then(async (opened) => {
    if (!opened.atCurrentMigrations) await migrate(opened.db)
    return opened
  })
  const [[{ createApp, liveStreamsFromConfig }, { jobs }, { clockFromConfig, providersFromConfig }, { demoCatalog }], handle] = await Promise.all([
    Promise.all([import('./server/app'), import('./server/jobs'), import('./server/providers'), import('./modules/catalog/index')]),
    hot.kiranaDatabase,
  ])
  // Support's CLI works beside the server: it reaches the embedded database through a socket in DATA_DIR.
  await handle.share?.().catch((error) => console.warn(`The CLI cannot reach the database while the server runs: ${(error as Error).message}`))
  // JSON lines in production, readable text in development: the request lines and these.
  const logger = createLogger(config)
  const clock = clockFromConfig(config)
  if (config.DEV_CLOCK_OFFSET_MINUTES)
    logger.info(`The clock runs ${config.DEV_CLOCK_OFFSET_MINUTES} minutes ahead (DEV_CLOCK_OFFSET_MINUTES): it is ${clock.now().toISOString()} to the server.`)
  const deps: AppDeps = { db: handle.db, dbKind: handle.kind, listen: handle.listen, clock, config, logger }
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
      router: providers.router,
      payoutRunMinutes: config.PAYOUT_RUN_MINUTES,
      groceryConfirmHours: config.GROCERY_CONFIRM_HOURS,
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
  logger.info(`Kirana is serving http://localhost:${config.PORT} on ${handle.kind === 'pglite' ? `embedded PGlite (${config.DATA_DIR})` : 'PostgreSQL'}`)
  // Stopping ends the live streams that would otherwise hold the process (and PGlite's lock) open.
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal}: stopping (${streams.size} live streams open)`)
    // Written out now, with the lines batched before it (the exit would, but stopping may take seconds, and a kill may come first).
    logger.flush()
    // Should closing the database hang, the process still ends, saying so in its exit code.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5000).unref()
    const sweep = app.store.cron['payment-sweep']
    const payouts = app.store.cron['payout-run']
    sweep.stop()
    payouts.stop()
    // Stop listening first, so the streams ended below reconnect to another instance, not this one.
    const drained = server.stop()
    streams.endAll()
    // The notifications run stops at its next event; a cron waiting on it (each wakes it as it ends) then ends too.
    const jobsDone = Promise.all([
      app.store.notificationDispatcher.stop(),
      (async () => {
        while (sweep.isBusy() || payouts.isBusy()) await Bun.sleep(20)
      })(),
    ])
    await Promise.race([Promise.all([drained, jobsDone]), Bun.sleep(SHUTDOWN_GRACE_MS)])
    await server.stop(true)
    await handle.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  // A newcomer's embedded database gets the demo stores. After listening, so start-up stays fast;
  // a real PostgreSQL is never seeded behind support's back (`cli seed demo` does it on purpose).
  // One copied from the template just now has them, and is not asked while its first requests wait.
  if (handle.kind === 'pglite' && !handle.holdsContents && (await demoCatalog.catalogIsEmpty(handle.db))) {
    const seeded = await demoCatalog.seedDemoCatalog(handle.db, clock)
    logger.info(`Seeded ${seeded.storesCreated} demo stores with ${seeded.itemsCreated} items`)
  }
}

if (import.meta.main) await start()
