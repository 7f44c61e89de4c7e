import { openingText } from '../../../modules/catalog/contract'
import { type Order, STATUS_LABELS } from '../../../modules/orders/contract'
import { deliveryWhen } from '../../features/orders/order-figures'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { formatWait } from '../../lib/format-wait'
import { useSecondsLeft } from '../../lib/use-seconds-left'
import { cancelExplanation } from './cancel-reasons'

const runnerFirstName = (order: Order) => order.runnerFirstName?.trim() || 'Your runner'

/** How long before its window a scheduled order reaches runners, in words: '2 hours', '90 minutes'. */
function leadWords(order: Order): string {
  const minutes = Math.round((Date.parse(order.scheduledWindow!.start) - Date.parse(order.offersOpenAt!)) / 60_000)
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`
  return `${minutes} minutes`
}

function describe(order: Order, now: number, waitingForOffers: boolean): string {
  switch (order.status) {
    case 'pending_runner_acceptance':
      if (waitingForOffers)
        return `Runners near ${order.storeName} will see your order from ${openingText(new Date(order.offersOpenAt), order.storeTimeZone, new Date(now))}, ${leadWords(order)} before your window.`
      return `We're looking for a runner near ${order.storeName}.`
    case 'runner_accepted':
      return `${runnerFirstName(order)} is shopping for your order at ${order.storeName}.`
    case 'picked_up':
      return `${runnerFirstName(order)} has your groceries and is on the way.`
    case 'delivered':
      return order.deliveredAt ? `Delivered at ${formatMoment(order.deliveredAt, now)}. Enjoy your groceries!` : 'Enjoy your groceries!'
    case 'cancelled':
      return cancelExplanation(order)
  }
}

/**
 * The order's state in large type (001 §4's title reading). It is a live region, so a change
 * pushed by the server is read out; the countdown beside it is not, or it would talk every second.
 * A scheduled order names its window, and until runners are offered it says when they will be:
 * the 30 minutes for a runner to accept count from then, so the countdown waits for it too.
 */
export function StatusHero({ order }: { order: Order }) {
  const now = useClock().now()
  const offersOpenIn = useSecondsLeft(order.scheduledWindow && order.offersOpenAt ? Date.parse(order.offersOpenAt) : 0)
  const waitingForOffers = order.status === 'pending_runner_acceptance' && offersOpenIn > 0
  return (
    <section className={`tracking-hero tracking-hero--${order.status}`} aria-label="Order status">
      <div role="status" aria-live="polite" aria-atomic="true">
        <p className="tracking-hero__title">{waitingForOffers ? 'Scheduled' : STATUS_LABELS[order.status].title}</p>
        {/* Under the title 'Scheduled' the window needs no second 'Scheduled'. */}
        {order.scheduledWindow && order.status !== 'cancelled' && (
          <p className="tracking-hero__window">{waitingForOffers ? order.scheduledWindow.label : deliveryWhen(order)}</p>
        )}
        <p className="tracking-hero__text">{describe(order, now, waitingForOffers)}</p>
      </div>
      {order.status === 'pending_runner_acceptance' && !waitingForOffers && <HoldCountdown expiresAt={order.expiresAt} />}
    </section>
  )
}

/** While no runner has accepted: how long the card hold stands. */
function HoldCountdown({ expiresAt }: { expiresAt: string }) {
  const seconds = useSecondsLeft(Date.parse(expiresAt))
  return (
    <p className="tracking-hero__countdown">
      {seconds > 0 ? (
        <>
          <span className="tracking-hero__clock">{formatWait(seconds)}</span> left for a runner to accept. If none does, your card hold is released at no cost.
        </>
      ) : (
        'No runner accepted in time, so your card hold is being released at no cost.'
      )}
    </p>
  )
}
