import { Elysia } from 'elysia'
import { requestPath } from './request-guards'

/**
 * Where the page may load from: our origin, plus exactly the hosts the Stripe and Firebase
 * SDKs (and reCAPTCHA, Firebase's and our fallback's) need on the screens that use them.
 * Inline styles stay allowed (React style props, Stripe's and the /welcome page's <style>);
 * inline scripts do not.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
    'https://apis.google.com',
  ],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com', 'https://www.gstatic.com'],
  'font-src': ["'self'"],
  'connect-src': [
    "'self'",
    'https://api.stripe.com',
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firebaseinstallations.googleapis.com',
    'https://fcmregistrations.googleapis.com',
    'https://www.google.com/recaptcha/',
  ],
  'frame-src': [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
    'https://*.firebaseapp.com',
  ],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/** The origin a tile URL template loads from; Leaflet's {s} subdomains become a wildcard. */
export const tileOrigin = (mapTileUrl: string) => /^https?:\/\/[^/]+/.exec(mapTileUrl.replaceAll('{s}', '*'))![0]

/**
 * The policy, letting the page reach Firebase's Auth emulator too when the server checks tokens
 * against it, and the tracking map's tiles when the operator chose a provider (MAP_TILE_URL).
 */
export function contentSecurityPolicy(firebaseAuthEmulatorHost?: string, mapTileUrl?: string) {
  const emulator = firebaseAuthEmulatorHost ? [`http://${firebaseAuthEmulatorHost}`] : []
  const tiles = mapTileUrl ? [tileOrigin(mapTileUrl)] : []
  return Object.entries({
    ...CONTENT_SECURITY_POLICY,
    'img-src': [...CONTENT_SECURITY_POLICY['img-src'], ...tiles],
    'connect-src': [...CONTENT_SECURITY_POLICY['connect-src'], ...emulator],
  })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')
}

/** The store's shelf sets its own caching (it is shared by everyone near the store); every other API answer is someone's. */
const keepsOwnCaching = (request: Request, path: string) => path === '/api/items' && (request.method === 'GET' || request.method === 'HEAD')

/**
 * Headers every answer carries, API, files and errors alike. HSTS only where the app is served over HTTPS.
 * API answers are personal (a profile, an order, a refusal), so no browser or proxy cache may keep them.
 */
export function securityHeaders({
  production,
  firebaseAuthEmulatorHost,
  mapTileUrl,
}: {
  production: boolean
  firebaseAuthEmulatorHost?: string
  mapTileUrl?: string
}) {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(firebaseAuthEmulatorHost, mapTileUrl),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self "https://js.stripe.com")',
  }
  if (production) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains'
  return new Elysia({ name: 'shared/security-headers', seed: [production, firebaseAuthEmulatorHost, mapTileUrl] }).onRequest(({ request, set }) => {
    Object.assign(set.headers, headers)
    const path = requestPath(request)
    if (path && (path === '/api' || path.startsWith('/api/')) && !keepsOwnCaching(request, path)) set.headers['cache-control'] = 'no-store'
  })
}
