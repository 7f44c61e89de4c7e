import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { afterDeliveryOpen, type Order, type Rating } from '../../../../modules/orders/contract'
import { useClock } from '../../../lib/clock'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { Fact } from '../../../ui/fact'
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
  viewerId === order.buyerId ? order.runnerFirstName?.trim() || t`your runner` : order.buyerFirstName?.trim() || t`the buyer`

/** A rating as it was given: its stars out of 5, and the comment when there is one. */
function GivenRating({ rating }: { rating: Rating }) {
  const { t } = useLingui()
  const stars = rating.stars
  return (
    <>
      <span className="given-rating__stars" role="img" aria-label={t`${stars} of 5 stars`}>
        {'★'.repeat(rating.stars)}
        <span className="given-rating__unlit">{'★'.repeat(5 - rating.stars)}</span>
      </span>
      {rating.comment && <q className="given-rating__comment">{rating.comment}</q>}
    </>
  )
}

/**
 * Once the viewer has rated: what they gave, and what the other gave them, which the server lets
 * out only once both have rated (or the week is over), so until then it says they have not yet.
 */
function RatingsGiven({ order, ratee, thanked }: { order: Order; ratee: string; thanked: boolean }) {
  const { t } = useLingui()
  const rater = ratee.charAt(0).toUpperCase() + ratee.slice(1)
  return (
    <Card compact className="stack rating-card" aria-labelledby="ratings-given-heading">
      <h2 id="ratings-given-heading" className="kicker">
        <Trans>Ratings</Trans>
      </h2>
      {thanked && (
        <p role="status">
          <Trans>Thanks for your rating.</Trans>
        </p>
      )}
      <dl className="stack stack--loose given-ratings">
        {order.myRating && (
          <Fact term={t`You rated ${ratee}`}>
            <GivenRating rating={order.myRating} />
          </Fact>
        )}
        <Fact term={t`${rater} rated you`}>
          {order.theirRating ? <GivenRating rating={order.theirRating} /> : t`Not yet: you will see it here once they have.`}
        </Fact>
      </dl>
    </Card>
  )
}

/**
 * After delivery, tracking and the active delivery ask for a rating once. 'Not now' puts it away
 * on this device; My Orders keeps a Rate action for as long as the order may be rated. Once rated,
 * the card shows both ratings.
 */
export function RatingPrompt({ order, viewerId }: { order: Order; viewerId: string | undefined }) {
  const clock = useClock()
  const [dismissed, setDismissed] = useState(() => wasDismissed(order.id))
  const [thanked, setThanked] = useState(false)
  const takesPart = viewerId !== undefined && (viewerId === order.buyerId || viewerId === order.runnerId)
  const ratee = rateeOf(order, viewerId)
  if (takesPart && (order.myRating || order.theirRating)) return <RatingsGiven order={order} ratee={ratee} thanked={thanked} />
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
    <Card compact className="stack rating-card" aria-labelledby="rating-card-heading">
      <div className="spread spread--center">
        <h2 id="rating-card-heading" className="kicker">
          <Trans>Rate this delivery</Trans>
        </h2>
        <Button type="button" size="small" variant="ghost" onClick={dismiss}>
          <Trans>Not now</Trans>
        </Button>
      </div>
      <RatingForm order={order} ratee={ratee} onRated={() => setThanked(true)} />
    </Card>
  )
}
