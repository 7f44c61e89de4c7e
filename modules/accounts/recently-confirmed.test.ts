import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { sessions, users } from './schema'
import { hashToken, RECENTLY_CONFIRMED_MS, SESSION_COOKIE, sessionFinder } from './session'

/**
 * A store's shelf passes a session found live within the last second without reading it again
 * (signedInRecently). These pin how far that reaches: one second for a session ended elsewhere,
 * nothing for one ended here, and never on a route that reads the session every time.
 */
const { call, signUp, addStore, db, clock } = await testApi()
const { store } = await addStore({ name: 'Recently Confirmed Grocers', latitude: 40.5171, longitude: -74.3973 })
const shelf = (cookie: string) => call('GET', `/api/items?storeId=${store.id}`, { cookie })
const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length)

/** What another instance (or the CLI) does: the session's row goes, and this process is not told. */
async function endedElsewhere(cookie: string) {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(tokenOf(cookie))))
}

describe('a session ended elsewhere', () => {
  test('reads the shelf for at most a second, and nothing personal at all', async () => {
    const { cookie } = await signUp()
    expect((await shelf(cookie)).status).toBe(200)
    await endedElsewhere(cookie)

    expect((await shelf(cookie)).status).toBe(200)
    expect((await call('GET', '/api/auth/user', { cookie })).status).toBe(401)
    clock.advance(RECENTLY_CONFIRMED_MS)
    const refused = await shelf(cookie)
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual({ message: 'Not signed in', code: 'UNAUTHORIZED' })
  })

  test('of a deactivated account lapses the same way', async () => {
    const { cookie, user } = await signUp()
    expect((await shelf(cookie)).status).toBe(200)
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    clock.advance(RECENTLY_CONFIRMED_MS)
    expect((await shelf(cookie)).status).toBe(401)
  })

  test('is never remembered past its own expiry', async () => {
    const { cookie } = await signUp()
    const expire = new Date(clock.now().getTime() + RECENTLY_CONFIRMED_MS + 500)
    await db
      .update(sessions)
      .set({ expire })
      .where(eq(sessions.sid, hashToken(tokenOf(cookie))))
    clock.advance(RECENTLY_CONFIRMED_MS)
    expect((await shelf(cookie)).status).toBe(200)
    // Confirmed 600 ms ago, within the second, but the session itself ended 100 ms ago.
    clock.advance(600)
    expect((await shelf(cookie)).status).toBe(401)
  })
})

describe('a session ended here', () => {
  test('by signing out is refused by the shelf at once', async () => {
    const { cookie } = await signUp()
    expect((await shelf(cookie)).status).toBe(200)
    expect((await call('POST', '/api/logout', { cookie })).status).toBe(200)
    expect((await shelf(cookie)).status).toBe(401)
  })

  test('by signing in again on the same browser is refused by the shelf at once', async () => {
    const { cookie, input } = await signUp()
    expect((await shelf(cookie)).status).toBe(200)
    const again = await call('POST', '/api/login', { cookie, body: { emailOrPhone: input.email, password: input.password } })
    expect(again.status).toBe(200)
    expect((await shelf(cookie)).status).toBe(401)
    expect((await shelf(again.cookie!)).status).toBe(200)
  })

  test('by a password reset is refused by the shelf at once, on every device', async () => {
    const { cookie: phone, input } = await signUp()
    const laptop = (await call('POST', '/api/login', { body: { emailOrPhone: input.email, password: input.password } })).cookie!
    expect((await shelf(phone)).status).toBe(200)
    expect((await shelf(laptop)).status).toBe(200)
    const { resetToken } = (await call('POST', '/api/password-reset/request', { body: { emailOrPhone: input.email } })).body as { resetToken: string }
    expect((await call('POST', '/api/password-reset/confirm', { body: { token: resetToken, newPassword: 'a brand new secret' } })).status).toBe(200)
    expect((await shelf(phone)).status).toBe(401)
    expect((await shelf(laptop)).status).toBe(401)
  })
})

test('a read under way when its session ends here is not remembered', async () => {
  const { cookie } = await signUp()
  const finder = sessionFinder(db, clock)
  const reading = finder.recentlyLive(tokenOf(cookie))
  finder.forget(tokenOf(cookie))
  // The read went out before the end, so it found the session live; the end then reaches the database.
  expect(await reading).not.toBeNull()
  await endedElsewhere(cookie)
  expect(await finder.recentlyLive(tokenOf(cookie))).toBeNull()
})
