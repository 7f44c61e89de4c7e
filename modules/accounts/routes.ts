import { Elysia } from 'elysia'
import { currentUserResponse } from './model'
import type { SessionPlugin } from './session-plugin'

export function accountsRoutes(session: SessionPlugin) {
  return new Elysia({ name: 'accounts', prefix: '/api' }).use(session).get('/auth/user', ({ user }) => currentUserResponse(user), {
    signedIn: true,
  })
}
