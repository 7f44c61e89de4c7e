/// <reference lib="webworker" />
// The service worker (spec 000 §2): precaches the shell, serves navigations network-first with
// the cached shell as the offline fallback, serves hashed assets cache-first, and never touches /api.

declare const __PRECACHE_URLS__: string[]
declare const __CACHE_VERSION__: string

const worker = self as unknown as ServiceWorkerGlobalScope
const CACHE = `kirana-shell-${__CACHE_VERSION__}`
const SHELL = '/index.html'

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(__PRECACHE_URLS__)))
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(names.filter((name) => name.startsWith('kirana-shell-') && name !== CACHE).map((name) => caches.delete(name)))
      await worker.clients.claim()
    })(),
  )
})

// The page's 'Update' button: take over now instead of after every tab closes.
worker.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') worker.skipWaiting()
})

worker.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== worker.location.origin || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request))
  } else if (url.pathname.startsWith('/assets/') || __PRECACHE_URLS__.includes(url.pathname)) {
    event.respondWith(cacheFirst(request))
  }
})

async function networkFirstNavigation(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch {
    const cached = await caches.match(SHELL, { cacheName: CACHE })
    return cached ?? Response.error()
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  // Hashed assets never change under the same name, so a copy is always right.
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) await cache.put(request, response.clone())
  return response
}
