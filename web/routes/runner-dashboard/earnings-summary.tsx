import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRunnerStats } from '../../features/runner/api/runner-stats'
import { Fact } from '../../ui/fact'
import { RunnerSection } from './runner-section'

/**
 * What the runner has earned, from their delivered orders (the server counts 'today' in their
 * time zone). No rating: there are no ratings yet, and a number nobody gave would mislead.
 */
export function EarningsSummary() {
  const { t } = useLingui()
  const stats = useRunnerStats()
  return (
    <RunnerSection
      title={t`Your Earnings`}
      query={stats}
      skeleton={{ className: 'runner-stats runner-stats--loading', label: t`Loading your earnings` }}
      failed={t`Your earnings could not be loaded`}
    >
      {({ today, allTime }) => (
        <>
          <dl className="runner-stats">
            <Fact term={t`Today's earnings`} className="runner-stats__tile runner-stats__tile--lead">
              ${today.earnings}
            </Fact>
            <Fact term={t`Today's deliveries`} className="runner-stats__tile">
              {today.deliveries}
            </Fact>
            <Fact term={t`All time`} className="runner-stats__tile runner-stats__tile--wide">
              ${allTime.earnings}{' '}
              <span className="runner-stats__aside">
                <DeliveriesCount deliveries={allTime.deliveries} />
              </span>
            </Fact>
          </dl>
          <Link to="/earnings" className="text-link runner-stats__more">
            <Trans>See earnings and payouts</Trans>
          </Link>
        </>
      )}
    </RunnerSection>
  )
}

/** 'from 3 deliveries': what the all-time earnings add up. */
function DeliveriesCount({ deliveries }: { deliveries: number }) {
  const { t } = useLingui()
  return t`from ${plural(deliveries, { one: '# delivery', other: '# deliveries' })}`
}
