import { embeddedSmsSender, type PhoneTokenVerifier } from '../modules/verification/index'
import { createApi } from '../index'
import { providersFromConfig } from '../server/providers'
import { apiRequest, freshTestDatabase, sessionCookieFrom, testDeps } from './database'

/**
 * The whole API on a fresh database, with the embedded providers and a clock the test moves.
 * `sms.outbox` shows what would have been texted.
 */
export async function testApi(options: { env?: Record<string, string>; firebase?: PhoneTokenVerifier } = {}) {
  const handle = await freshTestDatabase()
  const deps = testDeps(handle.db, options.env)
  const sms = embeddedSmsSender({ clock: deps.clock, log: () => {} })
  const providers = { ...providersFromConfig(deps), sms, ...(options.firebase && { phoneVerifier: options.firebase }) }
  const app = createApi({ ...deps, dbKind: handle.kind }, providers)

  async function call(method: string, path: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
    const response = await app.handle(apiRequest(method, path, options))
    const text = await response.text()
    let body: Record<string, unknown> & { message?: string; code?: string; errors?: Record<string, string> } = {}
    try {
      body = text ? JSON.parse(text) : {}
    } catch {
      // not JSON: the assertions on status say enough
    }
    return { status: response.status, body, headers: response.headers, cookie: sessionCookieFrom(response) }
  }

  let phoneCounter = 100
  /** Registers someone new and returns their session cookie. Phones are reserved test numbers. */
  async function signUp(overrides: Record<string, unknown> = {}) {
    const phone = `(732) 555-0${phoneCounter++}`
    const body = { firstName: 'Asha', lastName: 'Patel', email: `${crypto.randomUUID().slice(0, 8)}@example.com`, phone, password: 'correct horse battery', ...overrides }
    const response = await call('POST', '/api/register', { body })
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`)
    return { ...response, cookie: response.cookie!, user: response.body.user as { id: string; phone: string; email: string }, input: body }
  }

  return { ...deps, db: handle.db, app, sms, call, signUp }
}
