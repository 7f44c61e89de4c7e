import type { Database } from '../db/database'
import { RESET_TOKEN_LIFETIME_MS, type ResetTokenCourier } from '../modules/accounts/index'
import { type PushSender, pushResetLink, resetLinkText } from '../modules/notifications/index'
import type { SmsSender } from '../modules/verification/index'

const LIFETIME_MINUTES = RESET_TOKEN_LIFETIME_MS / 60_000

/** How a reset link reaches its owner, in their language: by push to their devices when they have one, else by SMS to a verified phone. */
export function resetCourier(db: Database, sms: SmsSender, push: PushSender): ResetTokenCourier {
  return {
    async deliver(user, resetUrl) {
      if (await pushResetLink(db, push, user, resetUrl, LIFETIME_MINUTES)) return 'push'
      if (!user.phoneVerified || !user.normalizedPhone) return 'none'
      await sms.send(user.normalizedPhone, resetLinkText(user, resetUrl, LIFETIME_MINUTES))
      return 'sms'
    },
  }
}
