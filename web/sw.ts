/// <reference lib="webworker" />
// The service worker (spec 000 §2): precaches the shell and every screen's assets, serves navigations
// network-first with the cached shell as the offline fallback, serves hashed assets cache-first, and
// never touches /api. It also shows the app's notifications, so it answers their clicks.
import { openClickedNotification } from './features/notifications/notification-click'
import type { NotificationClickData } from './features/notifications/show-notification'

declare const __PRECACHE_URLS__: string[]
declare const __SCREEN_ASSET_URLS__: string[]
declare const __CACHE_VERSION__: string

const worker = self as unknown as ServiceWorkerGlobalScope
const CACHE_PREFIX = 'kirana-shell-'
// Spelled out rather than built from CACHE_PREFIX: the minifier then writes the whole name as one
// literal, which the browser tests rewrite to publish a new version.
const CACHE = `kirana-shell-${__CACHE_VERSION__}`
const SHELL = '/index.html'
const PRECACHED = new Set(__PRECACHE_URLS__)

worker.addEventListener('install', (event) => {
  event.waitUntil(precacheShell())
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)))
      await worker.clients.claim()
    })(),
  )
})

// The page's 'Update' button: take over now instead of after every tab closes. And a page the
// activation's claim missed (see claimThisPage) asks to be claimed.
worker.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') event.waitUntil(worker.skipWaiting())
  if (event.data?.type === 'CLAIM') event.waitUntil(worker.clients.claim())
})

worker.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openClickedNotification(worker, event.notification.data as NotificationClickData | undefined))
})

worker.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  // Left to the browser: a cached API answer would show stale or someone else's data.
  if (request.method !== 'GET' || url.origin !== worker.location.origin || isApi(url.pathname)) return
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request))
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(event, { keepCopy: true }))
  } else if (PRECACHED.has(url.pathname)) {
    event.respondWith(cacheFirst(event, { keepCopy: false }))
  }
})

/**
 * Any file that fails to download fails the install, so a worker with half a shell never
 * takes over. 'reload' skips the HTTP cache: public files may be a day old there.
 */
async function precacheShell() {
  const cache = await caches.open(CACHE)
  const put = async (path: string) => {
    const response = await fetch(path, { cache: 'reload' })
    if (!isCacheable(response, path)) throw new Error(`Precaching ${path} failed: ${response.status} ${response.type}`)
    await cache.put(path, response)
  }
  await Promise.all([...PRECACHED].map(put))
  // Best effort: without them only the screens not yet opened fail offline, which is no reason to refuse the shell.
  await Promise.allSettled(__SCREEN_ASSET_URLS__.map(put))
}

async function networkFirstNavigation(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch {
    // Every path is a client route, so offline the shell answers them all.
    const shell = await caches.match(SHELL, { cacheName: CACHE })
    return shell ?? Response.error()
  }
}

async function cacheFirst(event: FetchEvent, { keepCopy }: { keepCopy: boolean }): Promise<Response> {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(event.request)
  if (cached) return cached
  const response = await fetch(event.request)
  // Hashed names never change content, so a copy stays right until the next version replaces this cache.
  // A full disk only costs the offline copy, never the response.
  if (keepCopy && isCacheable(response, new URL(event.request.url).pathname)) event.waitUntil(cache.put(event.request, response.clone()).catch(() => {}))
  return response
}

/**
 * Opaque, partial, failed and redirected responses would break whatever is later served from the
 * cache. So would HTML for anything but the shell: the server answers a missing file with the app.
 */
function isCacheable(response: Response, path: string) {
  const html = response.headers.get('content-type')?.startsWith('text/html') ?? false
  return response.status === 200 && response.type === 'basic' && !response.redirected && (path === SHELL || !html)
}

function isApi(pathname: string) {
  return pathname === '/api' || pathname.startsWith('/api/')
}
