import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { LOCATION_TOAST_MS } from '../../../modules/shared/contract'
import { CardPaymentError } from '../../features/cart-checkout/card-confirmer'
import { failureMessage } from '../../lib/form-errors'
import { ApiError } from '../../lib/http'
import type { Toast } from '../../ui/toast'

/** Something the buyer must fix outside checkout, shown beside the button with a link to where. */
export type CheckoutBlocker = { kind: 'phone' | 'profile-incomplete' | 'not-a-buyer' | 'too-far'; title: string; message: string }

/** The order cannot go when asked: the store is closed for ASAP, or the chosen window just filled. Checkout offers another window. */
export type ScheduleProblem = { kind: 'closed' | 'full'; message: string }

export type FailureReport = {
  toast?: Omit<Toast, 'id'>
  blocker?: CheckoutBlocker
  schedule?: ScheduleProblem
  /** The intent can no longer become an order (refused, released, or spent): the next try starts a new one. */
  startOver: boolean
  /** The card refused the grocery hold (both holds were released): the server's words, shown until the buyer tries again or pays at the door. */
  groceryDeclined?: string
}

/** Which step failed: making the intent, authorizing the card, or turning it into an order. */
export type CheckoutStep = 'intent' | 'card' | 'order'

const BLOCKER_TITLES: Record<string, { kind: CheckoutBlocker['kind']; title: MessageDescriptor }> = {
  PHONE_VERIFICATION_REQUIRED: { kind: 'phone', title: msg`Phone Verification Required` },
  PROFILE_INCOMPLETE: { kind: 'profile-incomplete', title: msg`Complete Your Profile` },
  NOT_A_BUYER: { kind: 'not-a-buyer', title: msg`Buyer Role Needed` },
}

const SCHEDULE_PROBLEMS: Record<string, ScheduleProblem['kind']> = { STORE_CLOSED: 'closed', WINDOW_FULL: 'full' }

const destructive = (title: string, description: string): Omit<Toast, 'id'> => ({ title, description, variant: 'destructive' })

/** What the buyer is told when checkout stops at `step`, in the spec's words (001 §8). */
export function describeFailure(step: CheckoutStep, error: unknown): FailureReport {
  const api = error instanceof ApiError ? error : null
  const code = api?.body.code
  const refusal = code ? BLOCKER_TITLES[code] : undefined
  // Checked before the hold is looked at, so an authorized card stays usable once this is fixed.
  if (api?.status === 403 && refusal) return { blocker: { kind: refusal.kind, title: i18n._(refusal.title), message: api.userMessage }, startOver: false }
  // Refused before any hold when making the intent; refused at the order, the hold is released.
  const schedule = api?.status === 409 && code ? SCHEDULE_PROBLEMS[code] : undefined
  if (schedule) return { schedule: { kind: schedule, message: api!.userMessage }, startOver: step === 'order' }

  if (step === 'card') {
    if (error instanceof CardPaymentError) return { toast: destructive(t`Payment Failed`, error.message), startOver: error.intentUnusable }
    return { toast: destructive(t`Payment Failed`, failureMessage(error, t`Your card could not be checked. Please try again.`)), startOver: false }
  }
  if (step === 'intent') return { toast: destructive(t`Payment Failed`, failureMessage(error, t`Failed to create payment intent`)), startOver: false }

  if (code === 'LOCATION_TOO_FAR' && typeof api?.body.distance === 'number') {
    const miles = api.body.distance.toFixed(1)
    const title = t`You're ${miles} miles from your profile address`
    const message = t`Update the address in your profile, or order from a store closer to it. Your card hold was released.`
    return { toast: { ...destructive(title, message), duration: LOCATION_TOAST_MS }, blocker: { kind: 'too-far', title, message }, startOver: true }
  }
  if (code === 'GROCERY_HOLD_DECLINED')
    return { toast: destructive(t`Grocery Hold Declined`, api!.userMessage), groceryDeclined: api!.userMessage, startOver: true }
  // A refusal releases the hold on the server, so the next try authorizes afresh; a server or
  // network failure leaves it standing, and the next try only places the order again.
  const refused = api !== null && api.status < 500
  return { toast: destructive(t`Order Failed`, failureMessage(error, t`Failed to create order`)), startOver: refused }
}
