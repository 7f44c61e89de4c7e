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
import { Card } from '../../ui/card'
import { ConfirmDialog } from '../../ui/dialog'
import { useToast } from '../../ui/toast'
import { customerName } from './customer-name'

/**
 * "Can't do this order", before pick-up only: asks first, saying what happens (the order is
 * cancelled, the customer refunded in full and told, and it counts towards the pause), then
 * takes the runner back to the dashboard with a toast.
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
    onGivenUp: (cancelled) => {
      ended(cancelled)
      toast({
        title: t`Order Given Up`,
        description: t`Order #${number} is cancelled. ${customer} gets the ${paid} fee and tip back and has been told.`,
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
    <Card compact className="stack stack--snug delivery-card" aria-labelledby="give-up-heading">
      <h2 id="give-up-heading">
        <Trans>Can't do this order?</Trans>
      </h2>
      <p className="meta">
        <Trans>Until you pick it up, you can give the order up. It is cancelled and the customer refunded.</Trans>
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
                  Order #{number} will be cancelled. {customer} gets the {paid} fee and tip back in full and is told you gave it up.
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
    </Card>
  )
}
