import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { DELIVERY_RADIUS_MILES, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { useServiceWords } from '../../lib/use-service-words'
import { Icon } from '../../ui/icon'
import type { IconName } from '../../ui/icon-paths'

type Point = { title: string; text: string; icon: IconName }

function usePoints(): readonly Point[] {
  const { t } = useLingui()
  const { fee, runnerEarnings, groceryPaymentWays } = useServiceWords()
  const minutes = RUNNER_ACCEPTANCE_WINDOW_MINUTES
  const miles = DELIVERY_RADIUS_MILES
  return [
    {
      title: t`Simple pricing`,
      text: t`A flat ${fee} platform fee per order, plus an optional tip for your runner. Groceries cost what the store charges.`,
      icon: 'tag',
    },
    {
      title: t`Protected payments`,
      text: t`Your card is authorized at checkout and charged only when a runner accepts. If nobody accepts within ${minutes} minutes, the authorization is canceled at no cost.`,
      icon: 'shield',
    },
    {
      title: t`Community driven`,
      text: t`Runners are neighbors who shop at Indian stores within ${miles} miles. They earn: ${runnerEarnings}. ${groceryPaymentWays}`,
      icon: 'people',
    },
  ]
}

export function HowItWorks() {
  const headingId = useId()
  const points = usePoints()
  return (
    <section className="how-it-works" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>
          <Trans>How It Works</Trans>
        </h2>
        <ul className="how-it-works__list">
          {points.map((point) => (
            <li key={point.title} className="how-it-works__point">
              <span className="icon-tile">
                <Icon name={point.icon} />
              </span>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
