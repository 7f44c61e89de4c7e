/**
 * The client's one way to call the API (spec 000 §7): cookies always, a JSON content type
 * only with a body, and any non-OK answer raised as `{status}: {body text}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
    /** From a 429's Retry-After: how long the server asks us to wait, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${bodyText || statusText}`)
    this.name = 'ApiError'
  }

  /** The server's JSON error body, when it sent one. */
  get body(): { message?: string; code?: string; errors?: Record<string, string> } & Record<string, unknown> {
    try {
      return JSON.parse(this.bodyText)
    } catch {
      return {}
    }
  }

  /** What a person should read: the server's message, else the raw error. */
  get userMessage(): string {
    return typeof this.body.message === 'string' ? this.body.message : this.message
  }
}

/** Our server sends Retry-After in whole seconds; the HTTP-date form is not used. */
function retryAfterSeconds(headers: Headers): number | null {
  const seconds = Number(headers.get('Retry-After'))
  return headers.has('Retry-After') && Number.isFinite(seconds) && seconds >= 0 ? seconds : null
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText, retryAfterSeconds(response.headers))
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}
