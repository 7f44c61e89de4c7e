import { type Cookie, Elysia } from 'elysia'
import { type ModuleDeps, unauthorized } from '../shared/index'
import { createSession, deleteSession, SESSION_COOKIE, type SessionFinder, sessionFinder, type UserRow } from './session'

type CookieJar = Record<string, Cookie<unknown>>

/**
 * Reads the session cookie. Routes opt in with `{ signedIn: true }` and then get `user`;
 * without a live session they answer 401 before the body or query is validated. A read that is
 * the same for everyone signed in opts in with `{ signedInRecently: true }` instead, and passes a
 * session found live within the last second (RECENTLY_CONFIRMED_MS) without reading it again.
 * `sessions` starts and ends sessions for the sign-in routes.
 */
export function sessionPlugin({ db, clock, config }: Pick<ModuleDeps, 'db' | 'clock' | 'config'>) {
  const secure = config.NODE_ENV === 'production'
  const findSession = sessionFinder(db, clock)
  const ended = async (token: string) => {
    await deleteSession(db, token)
    findSession.forget(token)
  }
  const tokenIn = (cookie: CookieJar) => {
    const value = cookie[SESSION_COOKIE]?.value
    return typeof value === 'string' && value.length > 0 ? value : null
  }
  const sessions = {
    /** Signs a user in on a brand-new session; the one the request came with (if any) is deleted. */
    async start(cookie: CookieJar, userId: string) {
      const previous = tokenIn(cookie)
      if (previous) await ended(previous)
      const { token, expire } = await createSession(db, clock, userId)
      cookie[SESSION_COOKIE]!.set({ value: token, httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expire })
    },
    async end(cookie: CookieJar) {
      const token = tokenIn(cookie)
      if (token) await ended(token)
      cookie[SESSION_COOKIE]!.set({ value: '', httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 })
    },
    /** After a password reset has ended every session of the user. */
    endedAllOf: (userId: string) => findSession.forgetAllOf(userId),
    /** Who the request's live session is for, or null: for a read where nobody signed in is an answer, not a 401. */
    async userOf(request: Request): Promise<UserRow | null> {
      const token = sessionTokenIn(request.headers.get('cookie'))
      return token ? ((await findSession.live(token))?.user ?? null) : null
    },
  }
  // The transform hook finds the user and the resolve hook hands it on; keyed by the request, so nothing outlives it.
  const signedInUsers = new WeakMap<Request, UserRow>()
  const signedInBy = (find: SessionFinder['live']) => ({
    // Marks the route in its OpenAPI detail, so a test can list every route that needs a session.
    detail: { security: [{ session: [] }] },
    // Transform runs before Elysia validates the body and query (resolve runs after): a caller without
    // a session gets 401, never a 400 that describes what the route expects.
    async transform({ request }: { request: Request }) {
      const token = sessionTokenIn(request.headers.get('cookie'))
      const found = token ? await find(token) : null
      if (!found) throw unauthorized('Not signed in')
      signedInUsers.set(request, found.user)
    },
    resolve({ request }: { request: Request }) {
      const user = signedInUsers.get(request)
      if (!user) throw unauthorized('Not signed in')
      return { user }
    },
  })
  return new Elysia({ name: 'accounts/session' })
    .decorate('sessions', sessions)
    .macro({ signedIn: signedInBy(findSession.live), signedInRecently: signedInBy(findSession.recentlyLive) })
}

export type SessionPlugin = ReturnType<typeof sessionPlugin>

const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`

/**
 * The session token in a Cookie header, read straight from it: a signed-in route that never asks
 * for `cookie` spares Elysia parsing every cookie into its jar (5 % of the shelf's time). Our
 * tokens are base64url, so a value that would need decoding is not one of them.
 */
export function sessionTokenIn(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null
  for (const pair of cookieHeader.split(';')) {
    const trimmed = pair.trim()
    if (trimmed.startsWith(SESSION_COOKIE_PREFIX)) {
      const value = trimmed.slice(SESSION_COOKIE_PREFIX.length)
      return value.length > 0 ? value : null
    }
  }
  return null
}
