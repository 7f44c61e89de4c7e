import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { type ComponentProps, type RefObject, useState } from 'react'
import { type Order, shortOrderId } from '../../../../modules/orders/contract'
import { formatCents } from '../../../../modules/shared/contract'
import { failureMessage } from '../../../lib/form-errors'
import { ApiError } from '../../../lib/http'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/dialog'
import { useToast } from '../../../ui/toast'
import { ORDERS_KEY, useCancelOrder } from '../api/orders'
import { orderCents } from '../order-figures'
import { isReoffered } from '../reoffered'

/**
 * 'Cancel' on an order no runner has taken: asks first, saying the hold on the card is released
 * (or, for an order its runner gave up, charged already, that what the buyer paid is refunded).
 * A runner may accept in the meantime (409); then the buyer is told why in the server's words, and the orders are refreshed.
 * My Orders, tracking and the order detail all offer it; `afterCancel` takes focus once it is gone.
 */
export function CancelOrderButton({ order, afterCancel }: { order: Order; afterCancel?: RefObject<HTMLElement | null> }) {
  const [open, setOpen] = useState(false)
  const cancel = useCancelOrder()
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const { t } = useLingui()
  const number = shortOrderId(order.id)
  const held = formatCents(orderCents(order.totalAmount))
  // The same amount, named for the messages of an order charged already: a refund of what was paid.
  const paid = held
  const refunded = isReoffered(order)
  const close = () => setOpen(false)

  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () =>
        toast({
          title: t`Order Cancelled`,
          description: refunded
            ? t`Order #${number} is cancelled and the ${paid} you paid is being refunded.`
            : t`Order #${number} is cancelled and the ${held} hold on your card was released.`,
          variant: 'success',
        }),
      onError: (error) => {
        close()
        // A 409 says what changed meanwhile (a runner accepted, or it was cancelled already), in the server's words.
        const changed = error instanceof ApiError && error.status === 409
        if (changed) void queryClient.invalidateQueries({ queryKey: ORDERS_KEY })
        toast({
          title: changed ? t`Order Not Cancelled` : t`Cancel Failed`,
          description: failureMessage(error, t`The order could not be cancelled. Please try again.`),
          variant: 'destructive',
        })
      },
    })

  return (
    <>
      <Button type="button" size="small" className="cancel-order" onClick={() => setOpen(true)}>
        <Trans>
          Cancel<span className="visually-hidden"> order #{number}</span>
        </Trans>
      </Button>
      {open && (
        <ConfirmCancel
          title={t`Cancel this order?`}
          description={
            refunded
              ? t`Your runner gave order #${number} up. Cancelling ends it and refunds the ${paid} fee and tip in full.`
              : t`No runner has accepted order #${number} yet. Cancelling releases the ${held} hold on your card, so nothing is charged.`
          }
          fallbackFocus={afterCancel}
          keepLabel={t`Keep Order`}
          onKeep={close}
          onConfirm={confirm}
          cancelling={cancel.isPending}
        />
      )}
    </>
  )
}

type ConfirmCancelProps = Omit<ComponentProps<typeof ConfirmDialog>, 'confirmLabel' | 'tone' | 'busy'> & { cancelling: boolean }

/** The question before a buyer's order is cancelled, in the danger tone: 'Cancel Order', busy while the cancel is under way. */
export function ConfirmCancel({ cancelling, ...question }: ConfirmCancelProps) {
  const { t } = useLingui()
  return <ConfirmDialog {...question} confirmLabel={cancelling ? t`Cancelling...` : t`Cancel Order`} tone="danger" busy={cancelling} />
}
