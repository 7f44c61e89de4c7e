// An order's lines: what the buyer asks should one be missing, how the runner marks it, and the buyer's say on a replacement.
import { z } from 'zod'
import { catalogItemSchema } from '../../catalog/contract'
import { decimalToCents } from '../../shared/contract'

/** What the buyer asks for, per line, should the store not have it; contact_me unless they say. */
export const SUBSTITUTION_PREFERENCES = ['best_match', 'contact_me', 'skip'] as const
export type SubstitutionPreference = (typeof SUBSTITUTION_PREFERENCES)[number]
export const DEFAULT_SUBSTITUTION_PREFERENCE: SubstitutionPreference = 'contact_me'

/** Where a line stands while the runner shops: pending until marked, then found, not found or substituted. */
export const ITEM_STATES = ['pending', 'found', 'not_found', 'substituted'] as const
export type ItemState = (typeof ITEM_STATES)[number]
/** A replacement waits for the buyer (proposed) on a contact_me line; a best_match line's is approved at once. */
export const SUBSTITUTION_STATUSES = ['proposed', 'approved', 'rejected'] as const
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUSES)[number]
/** A proposal the buyer leaves this long counts as rejected when the runner picks up. */
export const SUBSTITUTION_WAIT_MS = 5 * 60_000

/** What a line copies of the catalog item as it was when bought: its name, unit and price (dollars, null when priced at the counter). */
const { name, unit, price, priceUnit, isEstimatedPrice } = catalogItemSchema.shape

/** A line as bought: a copy of the catalog item then, what the buyer asked should it be missing, and what the runner found. */
export const orderItemSchema = z.object({
  id: z.string(),
  name,
  quantity: z.number(),
  unit,
  price,
  priceUnit,
  isEstimatedPrice,
  comment: z.string(),
  /** false: not available at the store. null until pick-up. */
  isDelivered: z.boolean().nullable(),
  substitutionPreference: z.enum(SUBSTITUTION_PREFERENCES),
  state: z.enum(ITEM_STATES),
  /** The runner's replacement (price in dollars, null when not given), and the buyer's say on it. */
  substitution: z
    .object({
      name: z.string(),
      price: z.string().nullable(),
      note: z.string(),
      status: z.enum(SUBSTITUTION_STATUSES),
      /** While it waits for the buyer: when, unanswered, it counts as rejected (the proposal + 5 minutes). Null once answered. */
      answerBy: z.string().nullable(),
    })
    .nullable(),
})
export type OrderItemView = z.infer<typeof orderItemSchema>

/** Dollars as the spec writes money, a number or a decimal string; the server turns them into cents. */
export const MAX_REPLACEMENT_PRICE_CENTS = 100_000
const replacementPrice = z
  .union([z.number(), z.string().max(20)], { error: 'Enter the price in dollars, like 4.99' })
  .nullish()
  .refine(
    (price) => {
      if (price === null || price === undefined || price === '') return true
      const cents = decimalToCents(price)
      return cents !== null && cents <= MAX_REPLACEMENT_PRICE_CENTS
    },
    `Enter the price in dollars, like 4.99, up to $${MAX_REPLACEMENT_PRICE_CENTS / 100}`,
  )

/** What the runner offers in place of a line: the form that offers it checks its fields by this too. */
export const replacementSchema = z.object(
  {
    name: z.string({ error: 'Name the replacement' }).trim().min(1, 'Name the replacement').max(200, 'The replacement name can be at most 200 characters'),
    price: replacementPrice,
    note: z.string().trim().max(500, 'A note can be at most 500 characters').optional(),
  },
  { error: 'Say what the replacement is' },
)

/** PATCH /api/orders/{id}/items/{itemId}: the assigned runner marks a line while shopping. */
export const itemMarkSchema = z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('found') }),
    z.object({ state: z.literal('not_found') }),
    z.object({ state: z.literal('substituted'), replacement: replacementSchema }),
  ],
  { error: 'State must be found, not_found or substituted' },
)
export type ItemMark = z.infer<typeof itemMarkSchema>

/** POST /api/orders/{id}/items/{itemId}/substitution: the buyer's answer to a proposed replacement. */
export const substitutionDecisionSchema = z.object({ decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }) })
export type SubstitutionDecision = z.infer<typeof substitutionDecisionSchema>['decision']
