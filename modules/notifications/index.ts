import type { Database, Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { LiveStreams, ModuleDeps } from '../shared/index'
import type { PushClientConfig } from './contract'
import { hasDevice, tokensOf } from './devices'
import type { PushSender } from './push-sender'
import { notificationRoutes } from './routes'

export type { NotificationData, PushClientConfig } from './contract'
export { dispatcher, dispatchOrderEvents, eventKey } from './dispatch'
export { embeddedPushSender, fcmPushSender, type PushMessage, type PushSender } from './push-sender'
export { deliveryProgress } from './records'

/**
 * Sends a password-reset link to the account's devices, without keeping it: a link that resets
 * a password does not belong in a list anyone signed in could read later. False when the
 * account has no device.
 */
export async function pushResetLink(db: Database, push: PushSender, userId: string, url: string, lifetimeMinutes: number) {
  if (!(await hasDevice(db, userId))) return false
  const tokens = (await tokensOf(db, [userId])).get(userId) ?? []
  await push.send([
    {
      userId,
      tokens,
      message: {
        title: 'Reset your Kirana password',
        body: `Tap to choose a new password. The link works for ${lifetimeMinutes} minutes.`,
        data: { type: 'password_reset', url },
      },
    },
  ])
  return true
}

/** Notifications: the records, devices, the notification centre's calls, and the embedded push stream. */
export function notificationsModule(
  deps: ModuleDeps,
  session: SessionPlugin,
  push: PushSender,
  listen: Listen,
  clientConfig: PushClientConfig,
  streams: LiveStreams,
) {
  return notificationRoutes({ ...deps, session, push, listen, clientConfig, streams })
}
