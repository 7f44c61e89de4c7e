import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { PENDING_ORDERS_POLL_MS } from '../../../modules/orders/contract'
import { useStoreRunnerDelivery } from '../../features/orders/api/orders'
import { PayoutsNeeded } from '../../features/payouts/components/payouts-needed'
import { usePendingOrders } from '../../features/runner/api/pending-orders'
import { usePreferences } from '../../features/runner/api/preferences'
import { useAcceptOffer } from '../../features/runner/use-accept-offer'
import { useOfferEvents } from '../../features/runner/use-offer-events'
import { ApiError } from '../../lib/http'
import { Button, ButtonLink } from '../../ui/button'
import { CardList } from '../../ui/card'
import { EmptyState, FailedState } from '../../ui/empty-state'
import { Skeletons } from '../../ui/skeleton'
import { AvailableOrderCard } from './available-order-card'

const SKELETON_CARDS = 2

type Props = {
  zipCode: string | null
  /** From the Online switch; undefined while it is still loading. */
  online: boolean | undefined
  phoneVerified: boolean
}

/** 'Available Orders' (001 §2): what waits near the runner, live from the offers stream (polled every minute while it is down) and on demand. */
export function AvailableOrders({ zipCode, online, phoneVerified }: Props) {
  const { t } = useLingui()
  // The stream reads the runner's radius when it opens: a new radius opens a new one.
  const radiusMiles = usePreferences().data?.radiusMiles
  const stream = useOfferEvents(zipCode, { enabled: online === true, radiusMiles })
  const pending = usePendingOrders(zipCode, { enabled: online === true, live: stream === 'live' })
  const { accept, acceptingId, needs } = useAcceptOffer({ onTaken: useStoreRunnerDelivery() })
  const needsPhoneVerification = needs?.kind === 'phone'
  // The server has the last word: a runner switched off on another device is offered nothing here either.
  const seconds = PENDING_ORDERS_POLL_MS / 1000
  const offline = online === false || pending.data?.online === false
  const orders = pending.data?.orders ?? []

  return (
    <section className="stack" aria-labelledby="available-orders-heading" aria-busy={pending.isFetching}>
      <div className="spread spread--center">
        <h2 id="available-orders-heading" className="runner-section__heading">
          <Trans>Available Orders</Trans>
        </h2>
        {!offline && (
          <Button type="button" size="small" disabled={online !== true || pending.isFetching} onClick={() => void pending.refetch()}>
            {pending.isFetching && !pending.isPending ? t`Refreshing...` : t`Refresh`}
          </Button>
        )}
      </div>
      {(needsPhoneVerification || !phoneVerified) && (
        <div className="stack stack--snug stack--start runner-notice" role={needsPhoneVerification ? 'alert' : undefined}>
          <p className="runner-notice__title">
            <Trans>Verify your phone to accept orders</Trans>
          </p>
          <p>
            <Trans>Buyers and runners reach each other by phone, so your number must be verified before you accept a delivery.</Trans>
          </p>
          <ButtonLink to="/phone-verification" variant="primary" size="small">
            <Trans>Verify Phone</Trans>
          </ButtonLink>
        </div>
      )}
      {needs?.kind === 'payouts' && <PayoutsNeeded message={needs.message} />}
      {offline ? (
        <EmptyState title={t`You're offline`} hint={t`No orders are offered to you while you're offline. Switch back online to see orders near you.`} />
      ) : online === undefined || pending.isPending ? (
        <ul className="card-list" aria-label={t`Loading available orders`}>
          <Skeletons count={SKELETON_CARDS} compact className="runner-card runner-card--skeleton" />
        </ul>
      ) : pending.isError ? (
        <FailedState
          title={t`Failed to fetch pending orders`}
          hint={pending.error instanceof ApiError && typeof pending.error.body.message === 'string' && pending.error.body.message}
          onRetry={() => void pending.refetch()}
        />
      ) : (
        <>
          <p className="meta" role="status">
            <WaitingWithin count={orders.length} radiusMiles={pending.data.radiusMiles} searchedFrom={pending.data.searchedFrom} />
          </p>
          {orders.length === 0 ? (
            <EmptyState
              title={t`You're all caught up!`}
              hint={
                stream === 'live'
                  ? t`New orders near you show up here as they come in.`
                  : t`New orders near you show up here. We check every ${seconds} seconds.`
              }
            />
          ) : (
            <CardList items={orders}>{(order) => <AvailableOrderCard order={order} accepting={acceptingId === order.id} onAccept={accept} />}</CardList>
          )}
        </>
      )}
    </section>
  )
}

/** How many offers wait, and how far from where the search began (a ZIP or the runner's address). */
function WaitingWithin({ count, radiusMiles, searchedFrom }: { count: number; radiusMiles: number; searchedFrom: string }) {
  const { t } = useLingui()
  return count === 0
    ? t`No orders waiting within ${plural(radiusMiles, { one: '# mile', other: '# miles' })} of ${searchedFrom}`
    : t`${plural(count, { one: '# order', other: '# orders' })} waiting within ${plural(radiusMiles, { one: '# mile', other: '# miles' })} of ${searchedFrom}`
}
