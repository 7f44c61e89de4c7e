import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { isReoffered } from '../../features/orders/reoffered'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { Icon } from '../../ui/icon'
import { cancelExplanation } from './cancel-reasons'
import { type StepState, timelineSteps } from './timeline-steps'
import { TrackingCard } from './tracking-card'

/** What a screen reader says of each step's mark, which sighted people read from its colour and icon. */
const STATE_WORDS: Record<StepState, MessageDescriptor> = {
  done: msg`Completed`,
  current: msg`In progress`,
  upcoming: msg`Not yet`,
  cancelled: msg`Cancelled`,
}

export function OrderTimeline({ order }: { order: Order }) {
  const now = useClock().now()
  const { t, i18n } = useLingui()
  const expires = formatMoment(order.expiresAt, now)
  return (
    <TrackingCard title={t`Progress`}>
      <ol className="timeline">
        {timelineSteps(order).map((step) => (
          <li key={step.label} className={`timeline__step timeline__step--${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className="timeline__mark" aria-hidden="true">
              {step.state === 'done' && <Icon name="check" className="icon icon--small" />}
              {step.state === 'cancelled' && '✕'}
            </span>
            <div className="timeline__text">
              <p className="timeline__label">
                <span className="visually-hidden">{i18n._(STATE_WORDS[step.state])}: </span>
                {step.label}
              </p>
              {step.at && <p className="timeline__time meta">{formatMoment(step.at, now)}</p>}
              {step.state === 'cancelled' && <p className="timeline__detail meta">{cancelExplanation(order)}</p>}
              {step.state === 'current' && order.status === 'pending_runner_acceptance' && (
                <p className="timeline__detail meta">
                  {isReoffered(order) ? (
                    <Trans>If no other runner accepts by {expires}, your order is cancelled and refunded in full.</Trans>
                  ) : (
                    <Trans>If no runner accepts by {expires}, your card hold is released at no cost.</Trans>
                  )}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </TrackingCard>
  )
}
