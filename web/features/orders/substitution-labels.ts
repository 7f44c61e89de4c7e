import { t } from '@lingui/core/macro'
import type { SubstitutionPreference } from '../../../modules/orders/contract'

type Labels = { choice: string; forRunner: string; forBuyer: string }

/** Each label is read when it is shown, so it comes in the language on screen. */
const labels = (choice: () => string, forRunner: () => string, forBuyer: () => string): Labels => ({
  get choice() {
    return choice()
  },
  get forRunner() {
    return forRunner()
  },
  get forBuyer() {
    return forBuyer()
  },
})

/**
 * The buyer's choice for a missing item, in the words the cart offers it, the runner reads it, and
 * the buyer reads it back.
 */
export const SUBSTITUTION_PREFERENCE_LABELS: Record<SubstitutionPreference, Labels> = {
  contact_me: labels(
    () => t`Contact me`,
    () => t`If missing: ask the customer before replacing`,
    () => t`If out of stock: ask me before replacing`,
  ),
  best_match: labels(
    () => t`Best match`,
    () => t`If missing: replace with the best match`,
    () => t`If out of stock: replace with the best match`,
  ),
  skip: labels(
    () => t`Skip it`,
    () => t`If missing: skip it, no replacement`,
    () => t`If out of stock: skip it, I don't pay for it`,
  ),
}
