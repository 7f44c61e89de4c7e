import type { PublicUser } from '../../../modules/accounts/contract'
import { toE164 } from '../../../modules/shared/contract'

/** An account created here whose phone still needs its code; `phone` holds the 10 national digits. */
export type PendingAccount = { userId: string; phone: string }

/** A code sent to a phone, which starts the resend countdown. */
export type CodeSend = { phone: string; at: number }

/** A signed-in user still waiting to prove their phone (after a reload, say) resumes at the code step. */
export function pendingAccountOf(user: PublicUser | null): PendingAccount | null {
  if (!user || user.phoneVerified || !user.phone) return null
  const e164 = toE164(user.phone)
  return e164 ? { userId: user.id, phone: e164.slice(2) } : null
}
