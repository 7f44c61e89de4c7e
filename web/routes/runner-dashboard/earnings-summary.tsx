import { Link } from '@tanstack/react-router'
import { useRunnerStats } from '../../features/runner/api/runner-stats'
import { Fact } from '../../ui/fact'
import { RunnerSection } from './runner-section'

const deliveries = (count: number) => `${count} ${count === 1 ? 'delivery' : 'deliveries'}`

/**
 * What the runner has earned, from their delivered orders (the server counts 'today' in their
 * time zone). No rating: there are no ratings yet, and a number nobody gave would mislead.
 */
export function EarningsSummary() {
  const stats = useRunnerStats()
  return (
    <RunnerSection
      title="Your Earnings"
      query={stats}
      skeleton={{ className: 'runner-stats runner-stats--loading', label: 'Loading your earnings' }}
      failed="Your earnings could not be loaded"
    >
      {({ today, allTime }) => (
        <>
          <dl className="runner-stats">
            <Fact term="Today's earnings" className="runner-stats__tile runner-stats__tile--lead">
              ${today.earnings}
            </Fact>
            <Fact term="Today's deliveries" className="runner-stats__tile">
              {today.deliveries}
            </Fact>
            <Fact term="All time" className="runner-stats__tile runner-stats__tile--wide">
              ${allTime.earnings} <span className="runner-stats__aside">from {deliveries(allTime.deliveries)}</span>
            </Fact>
          </dl>
          <Link to="/earnings" className="text-link runner-stats__more">
            See earnings and payouts
          </Link>
        </>
      )}
    </RunnerSection>
  )
}
