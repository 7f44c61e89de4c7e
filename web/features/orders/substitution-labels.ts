import { t } from '@lingui/core/macro'
import type { SubstitutionPreference } from '../../../modules/orders/contract'

type Labels = { choice: string; forRunner: string; forBuyer: string }

/**
 * The buyer's choice for a missing item, in the words the cart offers it, the runner reads it, and
 * the buyer reads it back. Each is read when it is shown, so it comes in the language on screen.
 */
export const SUBSTITUTION_PREFERENCE_LABELS: Record<SubstitutionPreference, Labels> = {
  contact_me: {
    get choice() {
      return t`Contact me`
    },
    get forRunner() {
      return t`If missing: ask the customer before replacing`
    },
    get forBuyer() {
      return t`If out of stock: ask me before replacing`
    },
  },
  best_match: {
    get choice() {
      return t`Best match`
    },
    get forRunner() {
      return t`If missing: replace with the best match`
    },
    get forBuyer() {
      return t`If out of stock: replace with the best match`
    },
  },
  skip: {
    get choice() {
      return t`Skip it`
    },
    get forRunner() {
      return t`If missing: skip it, no replacement`
    },
    get forBuyer() {
      return t`If out of stock: skip it, I don't pay for it`
    },
  },
}
