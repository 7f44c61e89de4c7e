import { t } from '@lingui/core/macro'
import { ORDER_NO_LONGER_AVAILABLE } from '../../../modules/orders/contract'
import { MESSAGES } from '../../../modules/runner/contract'
import { ApiError } from '../../lib/http'
import type { Toast } from '../../ui/toast'

/** What the runner must set up before accepting again, if the refusal was for want of it. */
export type AcceptSetup = { kind: 'phone' | 'payouts'; message: string } | null
export type AcceptFailure = { toast: Omit<Toast, 'id'>; needs: AcceptSetup }

/**
 * What a refused accept tells the runner (001 §8), and what to set up when that is why. Any other 409 is the race the spec names:
 * someone else got there first (or the hold lapsed); the server's own words say which.
 */
export function acceptFailure(error: unknown): AcceptFailure {
  const body = error instanceof ApiError ? error.body : {}
  const message = typeof body.message === 'string' ? body.message : null
  // Said at the moment of the refusal, in the language on screen then.
  const payoutsFirst = t`Set up payouts before you accept this order.`
  const verifyFirst = t`Verify your phone number before you accept deliveries.`
  const failure = (toast: Omit<Toast, 'id'>, needs: AcceptSetup = null) => ({ toast, needs })
  if (body.code === 'CAPTURE_FAILED')
    return failure({ title: t`Buyer's Card Declined`, description: message ?? MESSAGES.captureFailed, variant: 'destructive' })
  if (body.code === 'PHONE_VERIFICATION_REQUIRED' || body.requiresPhoneVerification === true) {
    return failure(
      { title: t`Phone Verification Required`, description: message ?? verifyFirst, variant: 'destructive' },
      { kind: 'phone', message: message ?? verifyFirst },
    )
  }
  // Groceries paid in the app are paid back through payouts: the dashboard shows the way to set them up.
  if (body.code === 'PAYOUTS_NOT_ENABLED')
    return failure(
      { title: t`Set Up Payouts First`, description: message ?? payoutsFirst, variant: 'destructive' },
      { kind: 'payouts', message: message ?? payoutsFirst },
    )
  if (body.code === 'ORDER_NO_LONGER_AVAILABLE' || (error instanceof ApiError && error.status === 409)) {
    return failure({ title: t`Order No Longer Available`, description: message ?? ORDER_NO_LONGER_AVAILABLE })
  }
  return failure({ title: t`Error`, description: message ?? t`Failed to accept order`, variant: 'destructive' })
}
