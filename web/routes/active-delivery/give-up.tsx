import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { type Order, shortOrderId } from '../../../modules/orders/contract'
import { GIVE_UP_PAUSE_HOURS, GIVE_UP_WINDOW_DAYS, GIVE_UPS_ALLOWED } from '../../../modules/runner/contract'
import { formatCents } from '../../../modules/shared/contract'
import { useStoreRunnerDelivery } from '../../features/orders/api/orders'
import { orderCents } from '../../features/orders/order-figures'
import { useGiveUpOrder } from '../../features/runner/api/give-up-order'
import { failureMessage } from '../../lib/form-errors'
import { Button } from '../../ui/button'
import { TitledCard } from '../../ui/card'
import { ConfirmDialog } from '../../ui/dialog'
import { useToast } from '../../ui/toast'
import { customerName } from './customer-name'

/**
 * "Can't do this order", before pick-up only: asks first, saying what happens (the order goes
 * back to other runners, the customer is told and may cancel for a full refund, and it counts
 * towards the pause), then takes the runner back to the dashboard with a toast. The server ends
 * and refunds an order instead when its grocery hold is too old to offer again; the toast says which.
 */
export function GiveUpOrder({ order }: { order: Order }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const ended = useStoreRunnerDelivery()
  const navigate = useNavigate()
  const { toast } = useToast()
  const number = shortOrderId(order.id)
  const customer = customerName(i18n, order)
  const paid = formatCents(orderCents(order.totalAmount))
  const giveUp = useGiveUpOrder(order.id, {
    onGivenUp: (givenUp) => {
      ended(givenUp)
      toast({
        title: t`Order Given Up`,
        description:
          givenUp.status === 'cancelled'
            ? t`Order #${number} is cancelled. ${customer} gets the ${paid} fee and tip back and has been told.`
            : t`Order #${number} goes back to other runners. ${customer} has been told.`,
        variant: 'success',
      })
      void navigate({ to: '/runner' })
    },
  })
  if (order.status !== 'runner_accepted') return null

  const confirm = () =>
    giveUp.mutate(undefined, {
      onError: (error) => {
        setOpen(false)
        toast({
          title: t`Could Not Give Up Order`,
          description: failureMessage(error, t`Please check your connection and try again.`),
          variant: 'destructive',
        })
      },
    })

  return (
    <TitledCard compact className="stack stack--snug delivery-card" title={<Trans>Can't do this order?</Trans>}>
      <p className="meta">
        <Trans>Until you pick it up, you can give the order up. It goes back to other runners.</Trans>
      </p>
      <Button type="button" size="small" onClick={() => setOpen(true)}>
        <Trans>Can't do this order</Trans>
      </Button>
      {open && (
        <ConfirmDialog
          title={t`Give up this order?`}
          description={
            <>
              <p>
                <Trans>
                  Order #{number} goes back to other runners, and you can't take it again. {customer} is told they're getting another runner, and can cancel for
                  a full refund of the {paid} fee and tip; if no runner takes it in time, it is cancelled and refunded in full.
                </Trans>
              </p>
              <p>
                <Trans>
                  Giving up counts towards a pause: give up more than {GIVE_UPS_ALLOWED} orders in {GIVE_UP_WINDOW_DAYS} days and you can't accept new orders
                  for {GIVE_UP_PAUSE_HOURS} hours.
                </Trans>
              </p>
            </>
          }
          keepLabel={t`Keep Order`}
          onKeep={() => setOpen(false)}
          confirmLabel={giveUp.isPending ? t`Giving Up...` : t`Give Up Order`}
          onConfirm={confirm}
          tone="danger"
          busy={giveUp.isPending}
        />
      )}
    </TitledCard>
  )
}
