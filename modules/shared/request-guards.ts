import { Elysia } from 'elysia'
import { forbidden } from './app-error'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

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
      if (origin !== appOrigin && origin !== new URL(request.url).origin) throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST')
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
