import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Order, shortOrderId } from '../../../../modules/orders/contract'
import { formatCents } from '../../../../modules/shared/contract'
import { useToast } from '../../../ui/toast'
import { ORDERS_KEY, useCancelOrder } from '../api/orders'
import { orderCents } from '../order-figures'

/**
 * What a buyer's cancel button shares with the others: whether its question is open, the cancel
 * call with its 'Order Cancelled' toast, and the order's number and amount for the messages.
 * `refreshOrders` is for a 409, when the order changed meanwhile.
 */
export function useCancelQuestion(order: Order) {
  const [open, setOpen] = useState(false)
  const cancel = useCancelOrder()
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const { t } = useLingui()

  /** Cancels the order: `cancelled` says what became of the money; `failed` hears a refusal once the question is closed. */
  const confirm = (cancelled: string, failed: (error: Error) => void) =>
    cancel.mutate(order.id, {
      onSuccess: () => toast({ title: t`Order Cancelled`, description: cancelled, variant: 'success' }),
      onError: (error) => {
        setOpen(false)
        failed(error)
      },
    })

  return {
    open,
    ask: () => setOpen(true),
    close: () => setOpen(false),
    confirm,
    cancelling: cancel.isPending,
    toast,
    refreshOrders: () => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
    number: shortOrderId(order.id),
    amount: formatCents(orderCents(order.totalAmount)),
  }
}
