import { useState } from 'react'
import { afterDeliveryOpen, type Order } from '../../../../modules/orders/contract'
import { useClock } from '../../../lib/clock'
import { RatingForm } from './rating-form'

const dismissedKey = (orderId: string) => `kirana:rating-dismissed:${orderId}`

function wasDismissed(orderId: string) {
  try {
    return localStorage.getItem(dismissedKey(orderId)) !== null
  } catch {
    return false
  }
}

/** Whether the viewer may still rate this order: delivered, within 7 days, not rated by them yet. */
export const mayRate = (order: Order, now: number) =>
  order.status === 'delivered' && order.myRating === null && afterDeliveryOpen(order.deliveredAt, new Date(now))

/** Who the viewer rates: the runner for the buyer, the buyer for the runner. */
export const rateeOf = (order: Order, viewerId: string | undefined) =>
  viewerId === order.buyerId ? order.runnerFirstName?.trim() || 'your runner' : order.buyerFirstName?.trim() || 'the buyer'

/**
 * After delivery, tracking and the active delivery ask for a rating once. 'Not now' puts it away
 * on this device; My Orders keeps a Rate action for as long as the order may be rated.
 */
export function RatingPrompt({ order, viewerId }: { order: Order; viewerId: string | undefined }) {
  const clock = useClock()
  const [dismissed, setDismissed] = useState(() => wasDismissed(order.id))
  const [thanked, setThanked] = useState(false)
  const takesPart = viewerId !== undefined && (viewerId === order.buyerId || viewerId === order.runnerId)
  if (thanked)
    return (
      <section className="card card--compact rating-card" aria-label="Rating">
        <p role="status">Thanks for your rating.</p>
      </section>
    )
  if (!takesPart || dismissed || !mayRate(order, clock.now())) return null
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(order.id), '1')
    } catch {
      // Private mode: it stays dismissed until the page is left.
    }
    setDismissed(true)
  }
  return (
    <section className="card card--compact rating-card" aria-labelledby="rating-card-heading">
      <div className="rating-card__head">
        <h2 id="rating-card-heading" className="order-card__heading">
          Rate this delivery
        </h2>
        <button type="button" className="button button--small button--ghost" onClick={dismiss}>
          Not now
        </button>
      </div>
      <RatingForm order={order} ratee={rateeOf(order, viewerId)} onRated={() => setThanked(true)} />
    </section>
  )
}
