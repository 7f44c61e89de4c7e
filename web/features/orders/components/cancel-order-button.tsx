import { Trans, useLingui } from '@lingui/react/macro'
import type { ComponentProps, RefObject } from 'react'
import type { Order } from '../../../../modules/orders/contract'
import { failureMessage } from '../../../lib/form-errors'
import { ApiError } from '../../../lib/http'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/dialog'
import { isReoffered } from '../reoffered'
import { useCancelQuestion } from './use-cancel-question'

/**
 * 'Cancel' on an order no runner has taken: asks first, saying the hold on the card is released
 * (or, for an order its runner gave up, charged already, that what the buyer paid is refunded).
 * A runner may accept in the meantime (409); then the buyer is told why in the server's words, and the orders are refreshed.
 * My Orders, tracking and the order detail all offer it; `afterCancel` takes focus once it is gone.
 */
export function CancelOrderButton({ order, afterCancel }: { order: Order; afterCancel?: RefObject<HTMLElement | null> }) {
  const { open, ask, close, confirm, cancelling, toast, refreshOrders, number, amount } = useCancelQuestion(order)
  const { t } = useLingui()
  const held = amount
  // The same amount, named for the messages of an order charged already: a refund of what was paid.
  const paid = amount
  const refunded = isReoffered(order)

  const cancel = () =>
    confirm(
      refunded
        ? t`Order #${number} is cancelled and the ${paid} you paid is being refunded.`
        : t`Order #${number} is cancelled and the ${held} hold on your card was released.`,
      (error) => {
        // A 409 says what changed meanwhile (a runner accepted, or it was cancelled already), in the server's words.
        const changed = error instanceof ApiError && error.status === 409
        if (changed) refreshOrders()
        toast({
          title: changed ? t`Order Not Cancelled` : t`Cancel Failed`,
          description: failureMessage(error, t`The order could not be cancelled. Please try again.`),
          variant: 'destructive',
        })
      },
    )

  return (
    <>
      <Button type="button" size="small" className="cancel-order" onClick={ask}>
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
          onConfirm={cancel}
          cancelling={cancelling}
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
