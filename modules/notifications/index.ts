import type { Database, Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { Language, LiveStreams, ModuleDeps } from '../shared/index'
import type { PushClientConfig } from './contract'
import { hasDevice, tokensOf } from './devices'
import type { PushSender } from './push-sender'
import { notificationRoutes } from './routes'
import { wordsIn } from './words'

export type { NotificationData, PushClientConfig } from './contract'
export { dispatcher, dispatchOrderEvents, eventKey } from './dispatch'
export { embeddedPushSender, fcmPushSender, type PushMessage, type PushSender } from './push-sender'
export { deliveryProgress } from './records'

type Reader = { id: string; language: Language }

/**
 * Sends a password-reset link to the account's devices, in its person's language, without keeping
 * it: a link that resets a password does not belong in a list anyone signed in could read later.
 * False when the account has no device.
 */
export async function pushResetLink(db: Database, push: PushSender, user: Reader, url: string, lifetimeMinutes: number) {
  if (!(await hasDevice(db, user.id))) return false
  const tokens = (await tokensOf(db, [user.id])).get(user.id) ?? []
  const { say } = wordsIn(user.language)
  await push.send([
    {
      userId: user.id,
      tokens,
      message: {
        title: say('password_reset.title'),
        body: say('password_reset.body', { minutes: lifetimeMinutes }),
        data: { type: 'password_reset', url },
      },
    },
  ])
  return true
}

/** The text that carries a password-reset link to a phone without the app, in its person's language. */
export const resetLinkText = (user: Reader, url: string, lifetimeMinutes: number) =>
  wordsIn(user.language).say('password_reset.sms', { minutes: lifetimeMinutes, url })

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
