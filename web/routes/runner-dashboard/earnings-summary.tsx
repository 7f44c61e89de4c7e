import { useRunnerStats } from '../../features/runner/api/runner-stats'
import { FailedState } from '../../ui/empty-state'
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
    <RunnerSection headingId="runner-earnings-heading" title="Your Earnings" busy={stats.isPending}>
      {stats.isPending ? (
        <div className="skeleton runner-stats runner-stats--loading" role="status" aria-label="Loading your earnings" />
      ) : stats.isError ? (
        <FailedState title="Your earnings could not be loaded" onRetry={() => void stats.refetch()} />
      ) : (
        <dl className="runner-stats">
          <Fact term="Today's earnings" className="runner-stats__tile runner-stats__tile--lead">
            ${stats.data.today.earnings}
          </Fact>
          <Fact term="Today's deliveries" className="runner-stats__tile">
            {stats.data.today.deliveries}
          </Fact>
          <Fact term="All time" className="runner-stats__tile runner-stats__tile--wide">
            ${stats.data.allTime.earnings} <span className="runner-stats__aside">from {deliveries(stats.data.allTime.deliveries)}</span>
          </Fact>
        </dl>
      )}
    </RunnerSection>
  )
}
