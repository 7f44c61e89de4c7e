import { Elysia, type Cookie } from 'elysia'
import { unauthorized, type ModuleDeps } from '../shared/index'
import { findSession, SESSION_COOKIE } from './session'

type CookieJar = Record<string, Cookie<unknown>>

/**
 * Reads the session cookie. Routes opt in with `{ signedIn: true }` and then get `user`;
 * without a live session they answer 401 before the handler runs.
 */
export function sessionPlugin({ db, clock, config }: ModuleDeps) {
  const secure = config.NODE_ENV === 'production'
  return new Elysia({ name: 'accounts/session' })
    .decorate('sessionCookie', {
      set(cookie: CookieJar, token: string, expires: Date) {
        cookie[SESSION_COOKIE]!.set({ value: token, httpOnly: true, sameSite: 'lax', secure, path: '/', expires })
      },
      clear(cookie: CookieJar) {
        cookie[SESSION_COOKIE]!.set({ value: '', httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 })
      },
    })
    .macro({
      signedIn: {
        async resolve({ cookie }) {
          const token = cookie[SESSION_COOKIE]?.value
          const found = typeof token === 'string' && token.length > 0 ? await findSession(db, clock, token) : null
          if (!found) throw unauthorized('Not signed in')
          return { user: found.user, sessionId: found.session.sid }
        },
      },
    })
}

export type SessionPlugin = ReturnType<typeof sessionPlugin>
