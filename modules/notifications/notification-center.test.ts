import { describe, expect, test } from 'bun:test'
import { notifiedApi } from '../../testing/notified-api'
import type { NotificationsPage } from './contract'
import { pushPending, writeNotifications } from './records'

const { api, handed, dispatch, store } = await notifiedApi()
const { call, clock, db, completeAccount, placeOrder } = api

const inbox = async (cookie: string) => (await call('GET', '/api/notifications', { cookie })).body as unknown as NotificationsPage

describe('the notification centre calls', () => {
  test('own notifications, newest first, a page at a time, with the unread count; reading one and all', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const buyer = await completeAccount()
    for (let index = 0; index < 22; index++) {
      await placeOrder(buyer.cookie, store)
      clock.advance(1000)
    }
    await dispatch()
    const first = await inbox(runner.cookie)
    expect(first.notifications).toHaveLength(20)
    expect(first.unreadCount).toBe(22)
    const second = (await call('GET', `/api/notifications?before=${first.nextCursor}`, { cookie: runner.cookie })).body as unknown as NotificationsPage
    expect(second.notifications).toHaveLength(2)
    expect(second.nextCursor).toBeNull()
    expect(new Set([...first.notifications, ...second.notifications].map((note) => note.id)).size).toBe(22)

    const read = await call('PATCH', `/api/notifications/${first.notifications[0]!.id}/read`, { cookie: runner.cookie })
    expect(read.body).toMatchObject({ notification: { read: true } })
    expect((await inbox(runner.cookie)).unreadCount).toBe(21)
    // Someone else's, and a made-up one, are not found.
    expect((await call('PATCH', `/api/notifications/${first.notifications[1]!.id}/read`, { cookie: buyer.cookie })).status).toBe(404)
    expect((await call('PATCH', '/api/notifications/not-an-id/read', { cookie: runner.cookie })).status).toBe(404)
    expect((await call('POST', '/api/notifications/read-all', { cookie: runner.cookie })).body).toEqual({ unreadCount: 0 })
    expect((await inbox(runner.cookie)).unreadCount).toBe(0)
  })

  test('POST /api/user/fcm-token: only with a verified phone; a user may have several devices; bad tokens are refused', async () => {
    const someone = await completeAccount()
    for (const token of ['device-token-one-aaaa', 'device-token-two-bbbb']) {
      expect((await call('POST', '/api/user/fcm-token', { cookie: someone.cookie, body: { fcmToken: token } })).status).toBe(200)
    }
    for (const fcmToken of ['', 'short', 'has spaces in it', 'x'.repeat(5000), 42]) {
      expect((await call('POST', '/api/user/fcm-token', { cookie: someone.cookie, body: { fcmToken } })).status).toBe(400)
    }
    const unverified = await api.signUp()
    const refused = await call('POST', '/api/user/fcm-token', { cookie: unverified.cookie, body: { fcmToken: 'device-token-three-cc' } })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('PHONE_VERIFICATION_REQUIRED')
    expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Hello', body: 'Two devices' } })).body).toMatchObject({
      devices: 2,
    })
  })

  test('POST /api/test-notification: checked, to the caller only, five a minute', async () => {
    const someone = await completeAccount()
    for (const body of [
      { title: '', body: 'x' },
      { title: 'x', body: '' },
      { title: 'x'.repeat(81), body: 'x' },
      { title: 'x', body: 'x'.repeat(301) },
      { title: 5, body: 'x' },
    ]) {
      expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body })).status).toBe(400)
    }
    handed.length = 0
    for (let index = 0; index < 5; index++)
      expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: `Number ${index}` } })).status).toBe(200)
    expect(handed.map((delivery) => delivery.userId)).toEqual(Array(5).fill(someone.user.id))
    expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: 'Sixth' } })).status).toBe(429)
    clock.advance(60_000)
    expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: 'A minute later' } })).status).toBe(200)
  })
})

describe('the embedded push stream', () => {
  async function openStream(cookie: string) {
    const response = await api.app.handle(new Request('http://localhost/api/notifications/stream', { headers: { cookie } }))
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    let text = ''
    return {
      async until(fragment: string, timeoutMs = 2000) {
        const deadline = Date.now() + timeoutMs
        while (!text.includes(fragment)) {
          const chunk = await Promise.race([reader.read(), Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null)])
          if (!chunk || chunk.done) return false
          text += new TextDecoder().decode(chunk.value)
        }
        return true
      },
      close: () => reader.cancel(),
    }
  }

  test("reaches both open tabs of the user it is for, and no one else's", async () => {
    const someone = await completeAccount()
    const other = await completeAccount()
    const [tab1, tab2, stranger] = await Promise.all([openStream(someone.cookie), openStream(someone.cookie), openStream(other.cookie)])
    await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'For both tabs', body: 'Hello' } })
    expect(await tab1.until('For both tabs')).toBe(true)
    expect(await tab2.until('For both tabs')).toBe(true)
    expect(await stranger.until('For both tabs', 300)).toBe(false)
    await Promise.all([tab1.close(), tab2.close(), stranger.close()])
  })
})

describe('password reset by push', () => {
  test("with a device the answer says 'fcm' and the link goes by push; the keys are the same with or without an account", async () => {
    const someone = await completeAccount()
    await call('POST', '/api/user/fcm-token', { cookie: someone.cookie, body: { fcmToken: 'reset-device-token-1' } })
    const known = await call('POST', '/api/password-reset/request', { body: { emailOrPhone: someone.input.email } })
    expect(known.body).toMatchObject({ method: 'fcm', fcmSent: true })
    const unknown = await call('POST', '/api/password-reset/request', { body: { emailOrPhone: 'nobody-at-all@example.com' } })
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort())
  })
})

describe.skipIf(api.kind !== 'postgres')('pushing on PostgreSQL', () => {
  test('instances pushing at once, one event each and whatever is left, push each record exactly once', async () => {
    const push = api.providers.push
    const people = await Promise.all([completeAccount(), completeAccount(), completeAccount(), completeAccount()])
    for (let round = 0; round < 20; round++) {
      const events = Array.from({ length: 4 }, (_, index) => `race:${round}:${index}`)
      const records = events.flatMap((dedupeKey) =>
        people.map((person) => ({ userId: person.user.id, title: 'Race', body: dedupeKey, data: { type: 'test' as const }, dedupeKey })),
      )
      await writeNotifications(db, clock, records)
      const before = handed.length
      // As the dispatchers of several instances do: each its event's records, and whatever is left over.
      const pushers = [...events.map((key) => pushPending(db, clock, push, key, 2)), ...events.map(() => pushPending(db, clock, push, undefined, 3))]
      const pushed = (await Promise.all(pushers)).reduce((sum, count) => sum + count, 0) + (await pushPending(db, clock, push))
      expect(pushed).toBe(records.length)
      expect(new Set(handed.slice(before).map((delivery) => delivery.message.id)).size).toBe(records.length)
    }
  })
})
