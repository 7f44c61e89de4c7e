import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { isOnline, needsConnection } from '../../lib/online'
import { useToast } from '../../ui/toast'
import { acceptFailure } from './accept-failure'
import { useAcceptOrder } from './api/accept-order'

/**
 * Accepting an offer, from the dashboard or the order's detail: on success the order joins the runner's deliveries
 * (`onTaken`, which keeps it in the orders' cache) and the runner goes to it; on failure a toast
 * says why, and a phone that needs verifying is remembered so the dashboard can show the way to verify it.
 */
export function useAcceptOffer({ onTaken }: { onTaken: (order: Order) => void }) {
  const navigate = useNavigate()
  const { toast } = useToast()
  const [needsPhoneVerification, setNeedsPhoneVerification] = useState(false)
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
              if (failure.needsPhoneVerification) setNeedsPhoneVerification(true)
            },
          })
        : toast(needsConnection('Accepting a delivery')),
    /** The order being accepted right now, if any: only its card's button waits. */
    acceptingId: accept.isPending ? accept.variables : null,
    needsPhoneVerification,
  }
}
