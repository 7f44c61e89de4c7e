import { type Cookie, Elysia } from 'elysia'
import { type ModuleDeps, unauthorized } from '../shared/index'
import { createSession, deleteSession, findSession, SESSION_COOKIE } from './session'

type CookieJar = Record<string, Cookie<unknown>>

/**
 * Reads the session cookie. Routes opt in with `{ signedIn: true }` and then get `user`;
 * without a live session they answer 401 before the handler runs. `sessions` starts and
 * ends sessions for the sign-in routes.
 */
export function sessionPlugin({ db, clock, config }: Pick<ModuleDeps, 'db' | 'clock' | 'config'>) {
  const secure = config.NODE_ENV === 'production'
  const tokenIn = (cookie: CookieJar) => {
    const value = cookie[SESSION_COOKIE]?.value
    return typeof value === 'string' && value.length > 0 ? value : null
  }
  const sessions = {
    /** Signs a user in on a brand-new session; the one the request came with (if any) is deleted. */
    async start(cookie: CookieJar, userId: string) {
      const previous = tokenIn(cookie)
      if (previous) await deleteSession(db, previous)
      const { token, expire } = await createSession(db, clock, userId)
      cookie[SESSION_COOKIE]!.set({ value: token, httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expire })
    },
    async end(cookie: CookieJar) {
      const token = tokenIn(cookie)
      if (token) await deleteSession(db, token)
      cookie[SESSION_COOKIE]!.set({ value: '', httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 })
    },
  }
  return new Elysia({ name: 'accounts/session' }).decorate('sessions', sessions).macro({
    signedIn: {
      async resolve({ cookie }) {
        const token = tokenIn(cookie)
        const found = token ? await findSession(db, clock, token) : null
        if (!found) throw unauthorized('Not signed in')
        return { user: found.user }
      },
    },
  })
}

export type SessionPlugin = ReturnType<typeof sessionPlugin>
