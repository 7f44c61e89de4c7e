import { useId } from 'react'
import { DELIVERY_RADIUS_MILES, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { GROCERY_PAYMENT_WAYS, PLATFORM_FEE, RUNNER_EARNINGS } from '../../lib/service-facts'
import { Icon } from '../../ui/icon'
import type { IconName } from '../../ui/icon-paths'

const POINTS: readonly { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Simple pricing',
    text: `A flat ${PLATFORM_FEE} platform fee per order, plus an optional tip for your runner. Groceries cost what the store charges.`,
    icon: 'tag',
  },
  {
    title: 'Protected payments',
    text: `Your card is authorized at checkout and charged only when a runner accepts. If nobody accepts within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes, the authorization is canceled at no cost.`,
    icon: 'shield',
  },
  {
    title: 'Community driven',
    text: `Runners are neighbors who shop at Indian stores within ${DELIVERY_RADIUS_MILES} miles. They earn: ${RUNNER_EARNINGS}. ${GROCERY_PAYMENT_WAYS}`,
    icon: 'people',
  },
]

export function HowItWorks() {
  const headingId = useId()
  return (
    <section className="how-it-works" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>How It Works</h2>
        <ul className="how-it-works__list">
          {POINTS.map((point) => (
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
