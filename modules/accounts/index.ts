import { Elysia } from 'elysia'
import type { ModuleDeps } from '../shared/index'
import { accountsRoutes } from './routes'
import { sessionPlugin } from './session-plugin'

export { users, sessions, passwordResetTokens } from './schema'
export { createSession, SESSION_COOKIE } from './session'
export { sessionPlugin, type SessionPlugin } from './session-plugin'
export type { PublicUser } from './model'

/** The accounts module: sign-in state and the current user. `session` is shared with every module that needs a user. */
export function accountsModule(deps: ModuleDeps, session = sessionPlugin(deps)) {
  return new Elysia({ name: 'accounts/module' }).use(accountsRoutes(session))
}
