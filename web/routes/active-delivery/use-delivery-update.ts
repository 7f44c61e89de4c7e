import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import type { DeliveryUpdate } from '../../../modules/runner/contract'
import { orderQueryOptions, ordersQueryOptions, useStoreOrder } from '../../features/orders/api/orders'
import { useUpdateDeliveryStatus } from '../../features/runner/api/delivery-status'
import { runnerStatsQueryOptions } from '../../features/runner/api/runner-stats'
import { ApiError } from '../../lib/http'
import { useToast } from '../../ui/toast'

/** 001 §8's titles for a refused report, with the server's reason beneath. */
const FAILURE_TITLE: Record<DeliveryUpdate['status'], MessageDescriptor> = {
  picked_up: msg`Failed to update status`,
  delivered: msg`Failed to mark as delivered`,
}

/**
 * Reporting progress on a delivery: the answer is put wherever the order is shown, and the
 * dashboard's list of active deliveries is fetched again, with its earnings once one is delivered. A refusal is toasted and the order
 * re-read, since it usually means it changed elsewhere (another tab, or support).
 */
export function useDeliveryUpdate(orderId: string) {
  const { t, i18n } = useLingui()
  const storeOrder = useStoreOrder()
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const update = useUpdateDeliveryStatus(orderId, {
    onUpdated: (order) => {
      storeOrder(order)
      void queryClient.invalidateQueries({ queryKey: ordersQueryOptions('runner').queryKey })
      if (order.status === 'delivered') void queryClient.invalidateQueries({ queryKey: runnerStatsQueryOptions().queryKey })
    },
  })
  return {
    report: (change: DeliveryUpdate, { onDone }: { onDone?: () => void } = {}) =>
      update.mutate(change, {
        onSuccess: () => onDone?.(),
        onError: (error) => {
          toast({
            title: i18n._(FAILURE_TITLE[change.status]),
            description:
              error instanceof ApiError && typeof error.body.message === 'string' ? error.body.message : t`Please check your connection and try again.`,
            variant: 'destructive',
          })
          void queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey })
        },
      }),
    pending: update.isPending,
  }
}
