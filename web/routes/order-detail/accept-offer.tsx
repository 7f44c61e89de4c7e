import { useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { useStoreRunnerDelivery } from '../../features/orders/api/orders'
import { PayoutsNeeded } from '../../features/payouts/components/payouts-needed'
import { useAcceptOffer } from '../../features/runner/use-accept-offer'
import { useCurrentUser } from '../../lib/current-user'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'

/** A runner looking at an order that waits for one may accept it here, as on its dashboard card. */
export function AcceptOffer({ order }: { order: Order }) {
  const user = useCurrentUser().data?.user
  if (!user?.roles.includes('runner') || order.buyerId === user.id || order.status !== 'pending_runner_acceptance') return null
  return <AcceptButton orderId={order.id} />
}

function AcceptButton({ orderId }: { orderId: string }) {
  const { accept, acceptingId, needs } = useAcceptOffer({ onTaken: useStoreRunnerDelivery() })
  const { t } = useLingui()
  return (
    <Card compact className="stack stack--snug buyer-order-actions" aria-label={t`Accept this order`}>
      <Button type="button" variant="primary" disabled={acceptingId === orderId} onClick={() => accept(orderId)}>
        {acceptingId === orderId ? t`Accepting...` : t`Accept Order`}
      </Button>
      {needs?.kind === 'payouts' && <PayoutsNeeded message={needs.message} />}
    </Card>
  )
}
