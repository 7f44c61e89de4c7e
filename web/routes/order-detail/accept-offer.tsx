import type { Order } from '../../../modules/orders/contract'
import { useStoreRunnerDelivery } from '../../features/orders/api/orders'
import { PayoutsNeeded } from '../../features/payouts/components/payouts-needed'
import { useAcceptOffer } from '../../features/runner/use-accept-offer'
import { useCurrentUser } from '../../lib/current-user'

/** A runner looking at an order that waits for one may accept it here, as on its dashboard card. */
export function AcceptOffer({ order }: { order: Order }) {
  const user = useCurrentUser().data?.user
  if (!user?.roles.includes('runner') || order.buyerId === user.id || order.status !== 'pending_runner_acceptance') return null
  return <AcceptButton orderId={order.id} />
}

function AcceptButton({ orderId }: { orderId: string }) {
  const { accept, acceptingId, needs } = useAcceptOffer({ onTaken: useStoreRunnerDelivery() })
  return (
    <section className="card card--compact stack stack--snug buyer-order-actions" aria-label="Accept this order">
      <button type="button" className="button button--primary" disabled={acceptingId === orderId} onClick={() => accept(orderId)}>
        {acceptingId === orderId ? 'Accepting...' : 'Accept Order'}
      </button>
      {needs?.kind === 'payouts' && <PayoutsNeeded message={needs.message} />}
    </section>
  )
}
