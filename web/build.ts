import { rmSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { linguiPlugin } from './i18n/bun-plugin'

/**
 * Builds the PWA into dist/: the app from web/index.html with code splitting and hashed names,
 * then the service worker, which learns the shell's files and a version that changes with them.
 */
export async function buildWeb(outdir = 'dist') {
  rmSync(outdir, { recursive: true, force: true })
  const app = await Bun.build({
    entrypoints: ['web/index.html', LANDING_PAGE],
    files: { [LANDING_PAGE]: await landingPage() },
    outdir,
    target: 'browser',
    splitting: true,
    minify: true,
    sourcemap: 'linked',
    naming: { entry: '[name].[ext]', chunk: 'assets/[name]-[hash].[ext]', asset: 'assets/[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': '"production"' },
    publicPath: '/',
    plugins: [linguiPlugin()],
  })
  if (!app.success) throw new AggregateError(app.logs, 'Building the web app failed')

  await addInstallLinks(`${outdir}/index.html`)
  await addInstallLinks(`${outdir}/landing.html`)

  const outputs = app.outputs.map((output) => `/${relative(outdir, output.path)}`).filter((path) => !path.endsWith('.map'))
  // The shell is index.html and what it loads directly.
  const indexHtml = await Bun.file(`${outdir}/index.html`).text()
  const shellAssets = outputs.filter((path) => path.startsWith('/assets/') && indexHtml.includes(path))
  const precache = ['/index.html', ...shellAssets, '/manifest.webmanifest', '/pwa-icon.svg', '/icons/icon-192.png']
  // Every screen's chunk too, so a reload offline works on screens opened before the worker took over.
  // Not the languages' catalogs (web/i18n/catalogs.ts), main or area: nobody downloads a language they
  // did not choose, nor an area's words before opening its screens; each is kept by the worker when first fetched.
  const screenAssets = outputs.filter((path) => path.startsWith('/assets/') && !shellAssets.includes(path) && !LANGUAGE_CATALOG.test(path))
  const hasher = new Bun.CryptoHasher('sha256').update(outputs.sort().join('\n')).update(indexHtml)
  // Precached public files are served from the cache, so a new icon or manifest needs a new version too.
  for (const path of precache.filter((path) => path !== '/index.html' && !path.startsWith('/assets/'))) {
    hasher.update(await Bun.file(`public${path}`).bytes())
  }
  const version = hasher.digest('hex').slice(0, 12)

  const worker = await Bun.build({
    entrypoints: ['web/sw.ts'],
    outdir,
    target: 'browser',
    minify: true,
    naming: 'sw.js',
    define: { __PRECACHE_URLS__: JSON.stringify(precache), __SCREEN_ASSET_URLS__: JSON.stringify(screenAssets), __CACHE_VERSION__: JSON.stringify(version) },
  })
  if (!worker.success) throw new AggregateError(worker.logs, 'Building the service worker failed')

  // FCM's push worker; only servers with Firebase configured ever register it.
  const pushWorker = await Bun.build({
    entrypoints: ['web/firebase-messaging-sw.ts'],
    outdir,
    target: 'browser',
    minify: true,
    naming: 'firebase-messaging-sw.js',
  })
  if (!pushWorker.success) throw new AggregateError(pushWorker.logs, 'Building the push service worker failed')
  return { outputs, precache, version }
}

/** A language's compiled catalog, named after its web/locales/<lang>/messages.po or messages-<area>.po. */
const LANGUAGE_CATALOG = /^\/assets\/messages-[^/]+\.js$/

/**
 * /landing has a page of its own that paints with React alone (web/landing-main.tsx). Its head is
 * the app's, so it is written from web/index.html here rather than kept as a copy to drift apart.
 * Bun resolves an in-memory file's imports only by an absolute path.
 */
const LANDING_PAGE = resolve('web/landing.html')

async function landingPage() {
  const app = await Bun.file('web/index.html').text()
  const landing = app.replace('src="./main.tsx"', 'src="./landing-main.tsx"')
  if (landing === app) throw new Error('web/index.html no longer loads ./main.tsx, so the landing page cannot be written from it')
  return landing
}

/**
 * Bun's HTML bundler insists on resolving every <link>, but these are public/ files served
 * as they are at fixed root paths, so the built page gets them afterwards.
 */
const INSTALL_LINKS = [
  '<link rel="manifest" href="/manifest.webmanifest">',
  '<link rel="icon" href="/pwa-icon.svg" type="image/svg+xml">',
  '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
].join('')

async function addInstallLinks(indexPath: string) {
  const html = await Bun.file(indexPath).text()
  await Bun.write(indexPath, html.replace('</head>', `${INSTALL_LINKS}</head>`))
}

if (import.meta.main) {
  const started = performance.now()
  const { outputs, version } = await buildWeb()
  console.log(`Built the web app (${outputs.length} files, version ${version}) in ${Math.round(performance.now() - started)} ms`)
}
