import { type Order, STATUS_LABELS } from '../../../modules/orders/contract'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { formatWait } from '../../lib/format-wait'
import { useSecondsLeft } from '../../lib/use-seconds-left'
import { cancelExplanation } from './cancel-reasons'

const runnerFirstName = (order: Order) => order.runnerFirstName?.trim() || 'Your runner'

function describe(order: Order, now: number): string {
  switch (order.status) {
    case 'pending_runner_acceptance':
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
 */
export function StatusHero({ order }: { order: Order }) {
  const now = useClock().now()
  return (
    <section className={`tracking-hero tracking-hero--${order.status}`} aria-label="Order status">
      <div role="status" aria-live="polite" aria-atomic="true">
        <p className="tracking-hero__title">{STATUS_LABELS[order.status].title}</p>
        <p className="tracking-hero__text">{describe(order, now)}</p>
      </div>
      {order.status === 'pending_runner_acceptance' && <HoldCountdown expiresAt={order.expiresAt} />}
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
