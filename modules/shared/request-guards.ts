import { Elysia } from 'elysia'
import { AppError, forbidden } from './app-error'
import { controlCharacterError, hasControlCharacter, MAX_JSON_BODY_BYTES, payloadTooLarge } from './json-body'
import { isUploadPath, MAX_UPLOAD_REQUEST_BYTES, photoTooLarge } from './upload-routes'

/**
 * Bun refuses headers past its own ceiling with a bare 431. `bun run start` and the Docker
 * image raise that ceiling to 256 KB (--max-http-header-size), and plain `bun index.ts` keeps
 * Bun's 16 KB; either way this lower limit answers first, in our error shape.
 */
export const MAX_HEADER_BYTES = 12 * 1024

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Each request's URL, parsed once for the guards and headers that all look at it. */
const parsedUrls = new WeakMap<Request, URL | null>()

/**
 * The request's URL, or null when it does not parse: for CONNECT, Bun hands over the target as
 * it came (`*`, `[::1]:443`), which is no URL at all.
 */
function requestUrl(request: Request): URL | null {
  const known = parsedUrls.get(request)
  if (known !== undefined) return known
  const url = URL.parse(request.url)
  parsedUrls.set(request, url)
  return url
}

/** The request's path, or null when its URL does not parse (see requestUrl). */
export function requestPath(request: Request): string | null {
  return requestUrl(request)?.pathname ?? null
}

/**
 * Refuses state-changing API calls that a browser says come from another site: by Origin, or
 * by Sec-Fetch-Site when Origin is absent. Requests with neither (curl, the CLI) are not
 * browser-forged and pass; SameSite=Lax cookies cover older browsers.
 */
export function crossSiteGuard(appUrl: string) {
  const appOrigin = new URL(appUrl).origin
  return new Elysia({ name: 'shared/cross-site-guard', seed: appOrigin }).onRequest(({ request }) => {
    if (!STATE_CHANGING.has(request.method)) return
    const origin = request.headers.get('origin')
    if (origin !== null) {
      if (origin !== appOrigin && origin !== requestUrl(request)?.origin) throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST')
      return
    }
    if (request.headers.get('sec-fetch-site') === 'cross-site') throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST')
  })
}

/** The caller's address: the socket's, or the proxy's first X-Forwarded-For entry when the proxy is trusted. */
export function clientAddress(request: Request, server: { requestIP(request: Request): { address: string } | null } | null, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return server?.requestIP(request)?.address ?? 'unknown'
}

/** Every method a route answers; CONNECT (a proxy's tunnel) and TRACE never reach one. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'

/**
 * Limits checked before anything else reads the request: the method (405 for a tunnel), header
 * size (431), a declared body size (413), a URL that does not parse (400), and control characters
 * in the path or query (400), which PostgreSQL would otherwise refuse mid-query.
 */
export const requestLimits = new Elysia({ name: 'shared/request-limits' }).onRequest(({ request, set }) => {
  if (request.method === 'CONNECT' || request.method === 'TRACE') {
    set.headers.allow = ALLOWED_METHODS
    throw new AppError(405, 'METHOD_NOT_ALLOWED', `${request.method} is not supported`)
  }
  let headerBytes = 0
  request.headers.forEach((value, name) => {
    headerBytes += name.length + value.length + 4
  })
  if (headerBytes > MAX_HEADER_BYTES) throw new AppError(431, 'HEADERS_TOO_LARGE', 'Request headers are too large')
  const url = requestUrl(request)
  if (!url) throw new AppError(400, 'INVALID_URL', 'The address is not a valid URL')
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (isUploadPath(url.pathname)) {
    if (declared > MAX_UPLOAD_REQUEST_BYTES) throw photoTooLarge()
  } else if (declared > MAX_JSON_BODY_BYTES) throw payloadTooLarge()
  const target = url.pathname + url.search
  // A parsed URL percent-encodes every control character, so only an escape can hide one.
  if (!target.includes('%')) return
  let decoded: string
  try {
    decoded = decodeURIComponent(target.replaceAll('+', ' '))
  } catch {
    throw new AppError(400, 'INVALID_URL', 'The address is not validly encoded')
  }
  if (hasControlCharacter(decoded)) {
    const field = [...url.searchParams].find(([, value]) => hasControlCharacter(value))?.[0] ?? 'path'
    throw controlCharacterError(field)
  }
})
