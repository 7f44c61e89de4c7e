// Blind ratings after the door, from delivery for 7 days; the window problem reports share after delivery.
import { z } from 'zod'
import { AFTER_DELIVERY_DAYS } from '../../shared/contract'

export const AFTER_DELIVERY_MS = AFTER_DELIVERY_DAYS * 24 * 60 * 60_000

/** Whether a delivered order may still be rated or reported on (7 days after delivery). */
export const afterDeliveryOpen = (deliveredAt: string | Date | null, now: Date) =>
  deliveredAt !== null && now.getTime() - new Date(deliveredAt).getTime() < AFTER_DELIVERY_MS

/** A rating as the API sends it: stars 1 to 5 and the words, if any. */
export const ratingSchema = z.object({ stars: z.number(), comment: z.string().nullable(), createdAt: z.string() })
export type Rating = z.infer<typeof ratingSchema>
/** A runner's figures as the buyer sees them: the average (one decimal) once 3 ratings make it, and their deliveries. */
export const runnerRatingSchema = z.object({ average: z.number().nullable(), count: z.number(), deliveries: z.number() })
export type RunnerRating = z.infer<typeof runnerRatingSchema>
