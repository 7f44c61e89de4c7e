/** What the Stripe stand-in answers one request with: a status and Stripe's JSON. */
export type Reply = { status: number; body: unknown }

export const ok = (body: unknown): Reply => ({ status: 200, body })

/** Stripe's error shape. Some refusals carry no code, only the parameter at fault (`extra.param`). */
export const stripeError = (status: number, type: string, code: string | null, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { error: { type, ...(code && { code }), message, ...extra } },
})

/** An object that is not there: 404 when it is the one in the path, 400 when a parameter names it. */
export const missing = (what: string, id: string, param?: string): Reply =>
  stripeError(param ? 400 : 404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`, param ? { param } : {})

/** `metadata[key]=value` form fields, as the SDK encodes them. */
export function metadataOf(params: URLSearchParams) {
  const metadata: Record<string, string> = {}
  for (const [key, value] of params) if (key.startsWith('metadata[')) metadata[key.slice(9, -1)] = value
  return metadata
}

export const listOf = (url: string, data: unknown[], hasMore = false) => ({ object: 'list', url, has_more: hasMore, data })
