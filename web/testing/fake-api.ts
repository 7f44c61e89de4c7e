import { mock } from 'bun:test'

export type ApiCall = {
  method: string
  /** Without the query string, which is in `url`. */
  path: string
  url: URL
  /** The JSON body sent, if any. */
  body: unknown
}

export type Answer = [status: number, body: unknown] | Response
type Handler = (request: { body: any; url: URL }) => Answer | Promise<Answer>

/** The API's 400 refusing one field: its message at the top and under that field, as the error plugin sends it. */
export const fieldRefused = (field: string, message: string, code = 'VALIDATION_ERROR'): Answer => [400, { message, code, errors: { [field]: message } }]

/** A request the server is still working on when the test looks. */
export const neverAnswers: Handler = () => new Promise<never>(() => {})

/**
 * Stands in for the server: each 'METHOD /path' answers from its handler, with [status, JSON
 * body] or a whole Response (for headers or an empty body); anything else is a 404 the test will
 * notice. Records every call in order. UI tests get the real fetch back after each test (the
 * happy-dom preload calls `restoreFetch`); other tests call it themselves.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = []
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000')
    const method = init?.method ?? 'GET'
    const route = `${method} ${url.pathname}`
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: url.pathname, url, body })
    const answer = (await handlers[route]?.({ body, url })) ?? [404, { message: `Unexpected request: ${route}` }]
    if (answer instanceof Response) return answer
    return new Response(JSON.stringify(answer[1]), { status: answer[0], headers: { 'Content-Type': 'application/json' } })
  }) as unknown as typeof fetch
  return { calls, callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route) }
}

const realFetch = globalThis.fetch
export const restoreFetch = () => {
  globalThis.fetch = realFetch
}

/** A promise the test settles when it chooses, to look at a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}
