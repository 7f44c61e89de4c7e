import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { isOnline, needsConnection } from '../../lib/online'
import { useToast } from '../../ui/toast'
import { type AcceptSetup, acceptFailure } from './accept-failure'
import { useAcceptOrder } from './api/accept-order'

/**
 * Accepting an offer, from the dashboard or the order's detail: on success the order joins the runner's deliveries
 * (`onTaken`, which keeps it in the orders' cache) and the runner goes to it; on failure a toast
 * says why, and a phone that needs verifying or payouts that need setting up are remembered so the screen can show the way.
 */
export function useAcceptOffer({ onTaken }: { onTaken: (order: Order) => void }) {
  const navigate = useNavigate()
  const { toast } = useToast()
  const [needs, setNeeds] = useState<AcceptSetup>(null)
  const accept = useAcceptOrder({
    onAccepted: (order) => {
      onTaken(order)
      void navigate({ to: '/delivery/$id', params: { id: order.id } })
    },
  })
  return {
    accept: (orderId: string) =>
      isOnline()
        ? accept.mutate(orderId, {
            onError: (error) => {
              const failure = acceptFailure(error)
              toast(failure.toast)
              if (failure.needs) setNeeds(failure.needs)
            },
          })
        : toast(needsConnection('accept')),
    /** The order being accepted right now, if any: only its card's button waits. */
    acceptingId: accept.isPending ? accept.variables : null,
    /** What the last refusal said must be set up first (a phone to verify, payouts), so the screen can show the way. */
    needs,
  }
}
