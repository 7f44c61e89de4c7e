// Scheduling's door for the browser: moving an order to another of its store's delivery windows.
import { z } from 'zod'

/** POST /api/orders/{id}/reschedule: the start of another of the store's delivery windows. */
export const rescheduleOrderSchema = z.object({ scheduledFor: z.string().max(40) })
