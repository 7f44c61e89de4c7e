import { plural, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { deliveryWhen, orderCents } from '../../features/orders/order-figures'
import { STATUS_WORDS } from '../../features/orders/order-words'
import { isReoffered } from '../../features/orders/reoffered'
import { useFormat } from '../../i18n/format'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { openingWords } from '../../lib/opening-words'
import { useSecondsLeft } from '../../lib/use-seconds-left'
import { windowLabel } from '../../lib/window-words'
import { cancelExplanation } from './cancel-reasons'

const runnerFirstName = (order: Order) => order.runnerFirstName?.trim() || t`Your runner`

/** How long before its window a scheduled order reaches runners, in words: '2 hours', '90 minutes'. */
function leadWords(order: Order): string {
  const minutes = Math.round((Date.parse(order.scheduledWindow!.start) - Date.parse(order.offersOpenAt!)) / 60_000)
  const hours = minutes / 60
  if (minutes % 60 === 0) return plural(hours, { one: '# hour', other: '# hours' })
  return plural(minutes, { one: '# minute', other: '# minutes' })
}

function describe(order: Order, now: number, waitingForOffers: boolean): string {
  const store = order.storeName
  const runner = runnerFirstName(order)
  switch (order.status) {
    case 'pending_runner_acceptance': {
      if (isReoffered(order)) return t`Your runner couldn't do your order, so runners near ${store} are being offered it now.`
      if (!waitingForOffers) return t`We're looking for a runner near ${store}.`
      const opens = openingWords(new Date(order.offersOpenAt!), order.storeTimeZone, new Date(now))
      const lead = leadWords(order)
      return t`Runners near ${store} will see your order from ${opens}, ${lead} before your window.`
    }
    case 'runner_accepted':
      return t`${runner} is shopping for your order at ${store}.`
    case 'picked_up':
      return t`${runner} has your groceries and is on the way.`
    case 'delivered': {
      if (!order.deliveredAt) return t`Enjoy your groceries!`
      const delivered = formatMoment(order.deliveredAt, now)
      return t`Delivered at ${delivered}. Enjoy your groceries!`
    }
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
  const { t, i18n } = useLingui()
  return (
    <section className={`tracking-hero tracking-hero--${order.status}`} aria-label={t`Order status`}>
      <div role="status" aria-live="polite" aria-atomic="true">
        <p className="tracking-hero__title">
          {waitingForOffers ? t`Scheduled` : isReoffered(order) ? t`Looking for another runner` : i18n._(STATUS_WORDS[order.status].title)}
        </p>
        {/* Under the title 'Scheduled' the window needs no second 'Scheduled'. */}
        {order.scheduledWindow && order.status !== 'cancelled' && (
          <p className="tracking-hero__window">{waitingForOffers ? windowLabel(order.scheduledWindow, order.storeTimeZone) : deliveryWhen(order)}</p>
        )}
        <p className="tracking-hero__text">{describe(order, now, waitingForOffers)}</p>
      </div>
      {order.status === 'pending_runner_acceptance' && !waitingForOffers && <HoldCountdown order={order} />}
    </section>
  )
}

/**
 * While no runner has accepted: how long the card hold stands. A re-offered order was charged
 * already, so if no other runner takes it, what the buyer paid comes back as a refund.
 */
function HoldCountdown({ order }: { order: Order }) {
  const seconds = useSecondsLeft(Date.parse(order.expiresAt))
  const { wait, money } = useFormat()
  const clock = <span className="tracking-hero__clock">{wait(seconds)}</span>
  const paid = money(orderCents(order.totalAmount))
  if (isReoffered(order))
    return (
      <p className="tracking-hero__countdown">
        {seconds > 0 ? (
          <Trans>
            {clock} left for another runner to accept. If none does, your order is cancelled and the {paid} you paid is refunded in full.
          </Trans>
        ) : (
          <Trans>No other runner accepted in time, so your order is being cancelled and the {paid} you paid refunded in full.</Trans>
        )}
      </p>
    )
  return (
    <p className="tracking-hero__countdown">
      {seconds > 0 ? (
        <Trans>{clock} left for a runner to accept. If none does, your card hold is released at no cost.</Trans>
      ) : (
        <Trans>No runner accepted in time, so your card hold is being released at no cost.</Trans>
      )}
    </p>
  )
}
