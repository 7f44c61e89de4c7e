import { describe, expect, test } from 'bun:test'
import { fcmStandIn } from '../../testing/fcm-stand-in'
import { testApi } from '../../testing/test-api'
import { fcmPushSender } from './index'

// The real firebase-admin SDK, its connections taken to a loopback stand-in of FCM's send endpoint.
const fcm = fcmStandIn()
const credentials = {
  projectId: 'kirana-test',
  clientEmail: 'push@kirana-test.iam.gserviceaccount.com',
  privateKey: 'unused: the stand-in takes a test access token',
}
const sender = fcmPushSender(credentials, { httpAgent: fcm.httpAgent, accessToken: 'test-access-token' })
const api = await testApi({ wrapPush: () => sender })

describe('the FCM push sender', () => {
  test('sends notification.title, notification.body, the app icon for the browser and data, as strings, to each token of the project', async () => {
    const before = fcm.sent.length
    const result = await sender.send([
      {
        userId: 'u1',
        tokens: ['token-phone', 'token-laptop'],
        message: { id: 'n1', title: 'Vikram is shopping your order', body: 'Your card was charged $7.00.', data: { type: 'order_accepted', orderId: 'o1' } },
      },
    ])
    expect(result.staleTokens).toEqual([])
    const sent = fcm.sent.slice(before)
    expect(sent.map((request) => request.message.token).sort()).toEqual(['token-laptop', 'token-phone'])
    expect(sent[0]!.path).toBe('/v1/projects/kirana-test/messages:send')
    expect(sent[0]!.authorization).toBe('Bearer test-access-token')
    expect(sent[0]!.message).toMatchObject({
      notification: { title: 'Vikram is shopping your order', body: 'Your card was charged $7.00.' },
      webpush: { notification: { icon: '/pwa-icon.svg' } },
      data: { type: 'order_accepted', orderId: 'o1', notificationId: 'n1' },
    })
  })

  test('reports a token FCM says is unregistered', async () => {
    fcm.markGone('token-uninstalled')
    const result = await sender.send([
      { userId: 'u2', tokens: ['token-uninstalled', 'token-fine'], message: { title: 'Hi', body: 'There', data: { type: 'test' } } },
    ])
    expect(result.staleTokens).toEqual(['token-uninstalled'])
  })

  test('through the API, an unregistered token is forgotten after the push that found it gone', async () => {
    const someone = await api.completeAccount()
    for (const fcmToken of ['gone-device-token-1', 'live-device-token-2'])
      await api.call('POST', '/api/user/fcm-token', { cookie: someone.cookie, body: { fcmToken } })
    fcm.markGone('gone-device-token-1')
    expect((await api.call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: 'First' } })).body).toMatchObject({
      devices: 1,
    })
    const before = fcm.sent.length
    await api.call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: 'Second' } })
    expect(fcm.sent.slice(before).map((request) => request.message.token)).toEqual(['live-device-token-2'])
  })
})
