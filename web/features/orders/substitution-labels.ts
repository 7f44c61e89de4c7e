import type { SubstitutionPreference } from '../../../modules/orders/contract'

/** The buyer's choice for a missing item, in the words the cart offers it, the runner reads it, and the buyer reads it back. */
export const SUBSTITUTION_PREFERENCE_LABELS: Record<SubstitutionPreference, { choice: string; forRunner: string; forBuyer: string }> = {
  contact_me: { choice: 'Contact me', forRunner: 'If missing: ask the customer before replacing', forBuyer: 'If out of stock: ask me before replacing' },
  best_match: { choice: 'Best match', forRunner: 'If missing: replace with the best match', forBuyer: 'If out of stock: replace with the best match' },
  skip: { choice: 'Skip it', forRunner: 'If missing: skip it, no replacement', forBuyer: "If out of stock: skip it, I don't pay for it" },
}
