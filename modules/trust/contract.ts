// Trust's door for the browser: a rating as given (shown as the order's own, in orders' contract), and problem
// reports, from the runner's accept until 7 days after delivery, and how support resolves them.
import { z } from 'zod'
import { afterDeliveryOpen, type OrderMoment } from '../orders/contract'

export const RATING_COMMENT_MAX_LENGTH = 500

/** POST /api/orders/{id}/rating: the buyer rates the runner, the runner the buyer. */
export const newRatingSchema = z.object({
  stars: z.number({ error: 'Choose 1 to 5 stars' }).int('Choose 1 to 5 stars').min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  comment: z.string().trim().max(RATING_COMMENT_MAX_LENGTH, `A comment can be at most ${RATING_COMMENT_MAX_LENGTH} characters`).nullish(),
})
export type NewRating = z.infer<typeof newRatingSchema>

export const PROBLEM_DETAILS_MAX_LENGTH = 2000

export const PROBLEM_KINDS = ['missing_items', 'wrong_items', 'grocery_total', 'damaged', 'late', 'runner_no_show', 'buyer_unreachable', 'other'] as const
export type ProblemKind = (typeof PROBLEM_KINDS)[number]
export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  missing_items: 'Items missing',
  wrong_items: 'Wrong items',
  grocery_total: 'Grocery total is wrong',
  damaged: 'Something arrived damaged',
  late: 'Very late',
  runner_no_show: 'The runner never came',
  buyer_unreachable: 'Could not reach the buyer',
  other: 'Something else',
}
/** The kinds each side may report: a buyer is not unreachable to themselves, nor is a runner absent. */
export const PROBLEM_KINDS_BY_SIDE = {
  buyer: PROBLEM_KINDS.filter((kind) => kind !== 'buyer_unreachable'),
  runner: PROBLEM_KINDS.filter((kind) => kind !== 'runner_no_show'),
} as const satisfies Record<'buyer' | 'runner', readonly ProblemKind[]>

/** Problems may be reported from the runner's accept until 7 days after delivery; never while it waits, nor once cancelled. */
export const problemReportsOpen = (order: OrderMoment, now: Date) =>
  order.status === 'runner_accepted' || order.status === 'picked_up' || (order.status === 'delivered' && afterDeliveryOpen(order.deliveredAt, now))

/** POST /api/orders/{id}/problems: JSON, or multipart/form-data with the same fields and an optional `photo`. */
export const newProblemSchema = z.object({
  kind: z.enum(PROBLEM_KINDS, { error: 'Choose what went wrong' }),
  details: z
    .string({ error: 'Say what happened' })
    .trim()
    .min(1, 'Say what happened')
    .max(PROBLEM_DETAILS_MAX_LENGTH, `Details can be at most ${PROBLEM_DETAILS_MAX_LENGTH.toLocaleString('en-US')} characters`),
})
export type NewProblem = z.infer<typeof newProblemSchema>

export const problemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  details: z.string(),
  /** Who reported it. */
  reportedBy: z.enum(['buyer', 'runner']),
  status: z.enum(['open', 'resolved']),
  /** Support's note when resolving. */
  resolution: z.string().nullable(),
  /** What was given back on the card for it, in dollars. */
  refund: z.object({ amount: z.string() }).nullable(),
  /** The photo, fetched through the API by the order's buyer and runner only. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
})
export type Problem = z.infer<typeof problemSchema>
export const problemsResponseSchema = z.object({ problems: z.array(problemSchema) })
export const problemResponseSchema = z.object({ problem: problemSchema })
export const problemPhotoUrl = (orderId: string, problemId: string) => `/api/orders/${orderId}/problems/${problemId}/photo`
