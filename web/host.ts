import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { staticPlugin } from '@elysiajs/static'
import { Elysia } from 'elysia'
import { type Language, messageCatalog, notFound } from '../modules/shared/index'
import { welcomeLanguage } from './welcome/welcome-language'
import { renderWelcomePage } from './welcome/welcome-page'

const NEVER_CACHE = 'no-store'
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The welcome page's words: welcome/locales/<language>.po, English the source; each language read on its first visit. */
const welcomeWords = messageCatalog(fileURLToPath(new URL('./welcome/locales', import.meta.url)))

/** /welcome in one language. */
export const welcomePage = (language: Language) => renderWelcomePage(language, welcomeWords(language))

const ENVIRONMENT_META = /<meta name="kirana-environment" content="[^"]*"/

export interface WebHostOptions {
  distDir: string
  publicDir: string
  /** Written into index.html so the shell knows whether to show preview-only help. */
  environment: string
}

/**
 * Serves the built PWA: hashed assets forever, the shell and service worker never from cache,
 * /welcome rendered by the server, and index.html for every other GET outside /api so the
 * client's route table decides.
 */
export async function webHost({ distDir, publicDir, environment }: WebHostOptions) {
  const indexPath = join(distDir, 'index.html')
  const workerFile = (name: string) => {
    const path = join(distDir, name)
    return () => {
      if (!existsSync(path)) throw notFound('Service worker not built; run `bun run build`')
      return new Response(Bun.file(path), {
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': NEVER_CACHE, 'Service-Worker-Allowed': '/' },
      })
    }
  }
  const page = (path: string) =>
    existsSync(path) ? readFileSync(path, 'utf8').replace(ENVIRONMENT_META, `<meta name="kirana-environment" content="${environment}"`) : null
  const shell = page(indexPath)
  // /landing paints from a page of its own, with React alone; the app's shell answers if it is missing.
  const landing = page(join(distDir, 'landing.html')) ?? shell

  const html = (body: string, cacheControl: string, headers: Record<string, string> = {}) =>
    new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl, ...headers } })

  const serveShell = () => (shell ? html(shell, NEVER_CACHE) : new Response('The web app is not built yet. Run `bun run build`.', { status: 503 }))

  const app = new Elysia({ name: 'web-host' })
  if (existsSync(join(distDir, 'assets'))) {
    app.use(
      await staticPlugin({ assets: join(distDir, 'assets'), prefix: '/assets', alwaysStatic: true, silent: true, headers: { 'Cache-Control': IMMUTABLE } }),
    )
  }
  return (
    app
      .use(
        await staticPlugin({
          assets: publicDir,
          prefix: '',
          alwaysStatic: true,
          indexHTML: false,
          silent: true,
          ignorePatterns: ['manifest.webmanifest'],
          maxAge: 86400,
        }),
      )
      .get(
        '/manifest.webmanifest',
        () =>
          new Response(Bun.file(join(publicDir, 'manifest.webmanifest')), {
            headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'no-cache' },
          }),
      )
      .get('/sw.js', workerFile('sw.js'))
      // FCM's background messages (000 §2); its web settings come in its query string.
      .get('/firebase-messaging-sw.js', workerFile('firebase-messaging-sw.js'))
      // Rendered per request (microseconds), so the footer's year turns over without a restart. Its language
      // comes from ?lang= (part of the URL) or else Accept-Language, so a cache must keep one copy per header.
      .get('/welcome', ({ query, headers }) => {
        const language = welcomeLanguage(query.lang, headers['accept-language'] ?? null)
        return html(welcomePage(language), 'no-cache', { 'Content-Language': language, Vary: 'Accept-Language' })
      })
      // The service worker precaches the shell under this name.
      .get('/index.html', serveShell)
      .get('/landing', () => (landing ? html(landing, NEVER_CACHE) : serveShell()))
      .get('/*', ({ path }) => {
        if (path === '/api' || path.startsWith('/api/')) throw notFound()
        // A missing file is a 404, not the shell: an old tab asking for a chunk a deploy removed must not get HTML.
        if (path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path))
          return new Response('Not found', { status: 404, headers: { 'Cache-Control': NEVER_CACHE } })
        return serveShell()
      })
  )
}
