// Blind ratings after the door, from delivery for 7 days; the window problem reports share after delivery.
import { z } from 'zod'
import { AFTER_DELIVERY_DAYS } from '../../shared/contract'

export const AFTER_DELIVERY_MS = AFTER_DELIVERY_DAYS * 24 * 60 * 60_000
export const RATING_COMMENT_MAX_LENGTH = 500

/** Whether a delivered order may still be rated or reported on (7 days after delivery). */
export const afterDeliveryOpen = (deliveredAt: string | Date | null, now: Date) =>
  deliveredAt !== null && now.getTime() - new Date(deliveredAt).getTime() < AFTER_DELIVERY_MS

/** POST /api/orders/{id}/rating: the buyer rates the runner, the runner the buyer. */
export const newRatingSchema = z.object({
  stars: z.number({ error: 'Choose 1 to 5 stars' }).int('Choose 1 to 5 stars').min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  comment: z.string().trim().max(RATING_COMMENT_MAX_LENGTH, `A comment can be at most ${RATING_COMMENT_MAX_LENGTH} characters`).nullish(),
})
export type NewRating = z.infer<typeof newRatingSchema>

/** A rating as the API sends it: stars 1 to 5 and the words, if any. */
export const ratingSchema = z.object({ stars: z.number(), comment: z.string().nullable(), createdAt: z.string() })
export type Rating = z.infer<typeof ratingSchema>
/** A runner's figures as the buyer sees them: the average (one decimal) once 3 ratings make it, and their deliveries. */
export const runnerRatingSchema = z.object({ average: z.number().nullable(), count: z.number(), deliveries: z.number() })
export type RunnerRating = z.infer<typeof runnerRatingSchema>
