import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../server/app'
import { apiRequest, freshTestDatabase, testDeps } from '../testing/database'

// A tiny stand-in for dist/, so these tests do not depend on a build having run.
const distDir = mkdtempSync(join(tmpdir(), 'kirana-dist-'))
mkdirSync(join(distDir, 'assets'))
writeFileSync(
  join(distDir, 'index.html'),
  '<!doctype html><html><head><meta name="kirana-environment" content="" /><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
)
writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")')
writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
writeFileSync(join(distDir, 'firebase-messaging-sw.js'), 'self.addEventListener("push", () => {})')
afterAll(() => rmSync(distDir, { recursive: true, force: true }))

const { db, kind, listen } = await freshTestDatabase()
const app = await createApp({ ...testDeps(db), dbKind: kind, listen }, { distDir, publicDir: 'public', environment: 'test' })
const get = (path: string, headers?: Record<string, string>) => app.handle(apiRequest('GET', path, { headers }))

/** GETs a file the host serves and checks that it is there, its type and how long it may be cached; returns it for the rest. */
async function expectServed(path: string, contentType: RegExp, cacheControl: string) {
  const response = await get(path)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(contentType)
  expect(response.headers.get('cache-control')).toBe(cacheControl)
  return response
}

describe('serving the PWA', () => {
  test('GET /api/health reports the database engine', async () => {
    const response = await get('/api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', db: kind })
  })

  test.each(['/', '/app', '/landing', '/auth', '/store/123', '/some/deep/unknown/path', '/index.html'])(
    'GET %s returns the app shell, never cached',
    async (path) => {
      const html = await (await expectServed(path, /^text\/html/, 'no-store')).text()
      expect(html).toContain('<div id="root">')
      expect(html).toContain('<meta name="kirana-environment" content="test"')
    },
  )

  test.each(['/api/nope', '/api/auth/nothing', '/api'])('GET %s answers JSON 404, not the shell', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toStartWith('application/json')
    expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
  })

  test('hashed assets are cached for good', async () => {
    await expectServed('/assets/index-abc123.js', /javascript/, 'public, max-age=31536000, immutable')
  })

  test('the service worker is served at the root and never cached', async () => {
    const response = await expectServed('/sw.js', /javascript/, 'no-store')
    expect(response.headers.get('service-worker-allowed')).toBe('/')
  })

  test('the FCM push worker is served at the root, with its settings in the query, never cached', async () => {
    const response = await expectServed('/firebase-messaging-sw.js?apiKey=key&projectId=kirana', /javascript/, 'no-store')
    expect(await response.text()).toContain('push')
  })

  test('the manifest and the icon are served at the root with their types', async () => {
    const manifest = await expectServed('/manifest.webmanifest', /^application\/manifest\+json$/, 'no-cache')
    expect((await manifest.json()).start_url).toBe('/app')
    await expectServed('/pwa-icon.svg', /^image\/svg\+xml/, 'public, max-age=86400')
  })

  test('/welcome is a page of its own that opens the app at /app', async () => {
    const response = await get('/welcome')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toStartWith('text/html')
    const html = await response.text()
    expect(html).toContain('href="/app"')
    expect(html).not.toContain('index-abc123.js')
  })

  test('/welcome speaks ?lang=, else Accept-Language, else English, and tells caches it varies by that header', async () => {
    const speaks = async (path: string, acceptLanguage?: string) => {
      const response = await get(path, acceptLanguage ? { 'Accept-Language': acceptLanguage } : undefined)
      expect(response.headers.get('vary')).toContain('Accept-Language')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      const lang = /<html lang="([a-z]+)">/.exec(await response.text())?.[1]
      expect(response.headers.get('content-language')).toBe(lang!)
      return lang
    }
    expect(await speaks('/welcome?lang=ta', 'hi-IN,hi;q=0.9')).toBe('ta')
    expect(await speaks('/welcome', 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi')
    expect(await speaks('/welcome?lang=xx', 'fr-FR')).toBe('en')
    expect(await speaks('/welcome')).toBe('en')
  })
})

test.each(['/assets/index-gone.js', '/icons/missing.png', '/nope.css'])('a missing file (%s) is a 404, not the shell', async (path) => {
  const response = await get(path)
  expect(response.status).toBe(404)
  expect(await response.text()).not.toContain('<div id="root">')
})

describe('security headers on what the web host serves', () => {
  test.each([
    '/',
    '/assets/index-abc123.js',
    '/sw.js',
    '/firebase-messaging-sw.js',
    '/welcome',
    '/manifest.webmanifest',
    '/pwa-icon.svg',
    '/assets/missing-chunk.js',
  ])('%s carries the CSP and nosniff', async (path) => {
    const response = await get(path)
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })
})
