import { Trans, useLingui } from '@lingui/react/macro'
import { useSearch } from '@tanstack/react-router'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { usePayoutStatement } from '../features/payouts/api/payout-statement'
import { NotARunner } from '../features/runner/components/not-a-runner'
import { useCatalogArea } from '../i18n/use-catalog-area'
import { useCurrentUser } from '../lib/current-user'
import { ApiError } from '../lib/http'
import { FailedState } from '../ui/empty-state'
import { LoadingScreen } from '../ui/loading-screen'
import { Page } from '../ui/page'
import { Balances } from './earnings/balances'
import { EarningLines } from './earnings/earning-lines'
import { PayoutAccountCard } from './earnings/payout-account-card'
import { useReturnCheck } from './earnings/use-return-check'

/**
 * /earnings: the runner's payout account and the way to set it up, the balances, and each
 * delivery's earnings with where its money stands. The payout form comes back here with
 * `?payouts=returned` (or `expired`).
 */
export function EarningsPage() {
  useCatalogArea('runner')
  const user = useCurrentUser().data?.user
  if (!user) return <LoadingScreen />
  return <AppChrome>{user.roles.includes('runner') ? <Earnings /> : <NotARunner screen="earnings" />}</AppChrome>
}

function Earnings() {
  const { t } = useLingui()
  const { payouts } = useSearch({ from: '/earnings' })
  const statement = usePayoutStatement()
  const latest = statement.data?.pages[0]
  const check = useReturnCheck(payouts === 'returned', latest?.account.status, statement.refetch)

  // The role was taken away since this device last asked who is signed in.
  if (statement.error instanceof ApiError && statement.error.body.code === 'NOT_A_RUNNER') return <NotARunner screen="earnings" />
  return (
    <Page title={t`Earnings`} back={{ to: '/runner', label: t`Runner Dashboard` }} className="earnings">
      {statement.data && latest ? (
        <>
          <PayoutAccountCard account={latest.account} expired={payouts === 'expired'} check={check} />
          <Balances balance={latest.balance} account={latest.account.status} />
          <EarningLines statement={statement} lines={statement.data.pages.flatMap((page) => page.earnings)} />
        </>
      ) : statement.isPending ? (
        <EarningsSkeleton />
      ) : (
        <FailedState
          title={t`Your earnings could not be loaded`}
          hint={statement.error instanceof ApiError && statement.error.status < 500 && statement.error.userMessage}
          onRetry={() => void statement.refetch()}
        />
      )}
    </Page>
  )
}

function EarningsSkeleton() {
  return (
    <div className="stack stack--loose" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading your earnings...</Trans>
      </p>
      <div className="skeleton card earnings-skeleton earnings-skeleton--account" aria-hidden="true" />
      <div className="skeleton runner-stats runner-stats--loading" aria-hidden="true" />
      <div className="skeleton card earnings-skeleton earnings-skeleton--lines" aria-hidden="true" />
    </div>
  )
}
