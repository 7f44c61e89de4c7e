import type { SubstitutionPreference } from '../../../modules/orders/contract'

/** The buyer's choice for a missing item, in the words the cart offers it and the runner reads it. */
export const SUBSTITUTION_PREFERENCE_LABELS: Record<SubstitutionPreference, { choice: string; forRunner: string }> = {
  contact_me: { choice: 'Contact me', forRunner: 'If missing: ask the customer before replacing' },
  best_match: { choice: 'Best match', forRunner: 'If missing: replace with the best match' },
  skip: { choice: 'Skip it', forRunner: 'If missing: skip it, no replacement' },
}
