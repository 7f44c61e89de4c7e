import { useRunnerStats } from '../../features/runner/api/runner-stats'
import { FailedState } from '../../ui/empty-state'
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
          <div className="runner-stats__tile runner-stats__tile--lead">
            <dt>Today's earnings</dt>
            <dd>${stats.data.today.earnings}</dd>
          </div>
          <div className="runner-stats__tile">
            <dt>Today's deliveries</dt>
            <dd>{stats.data.today.deliveries}</dd>
          </div>
          <div className="runner-stats__tile runner-stats__tile--wide">
            <dt>All time</dt>
            <dd>
              ${stats.data.allTime.earnings} <span className="runner-stats__aside">from {deliveries(stats.data.allTime.deliveries)}</span>
            </dd>
          </div>
        </dl>
      )}
    </RunnerSection>
  )
}
