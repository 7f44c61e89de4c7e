import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { type Order, type ScheduledWindow, shortOrderId } from '../../../modules/orders/contract'
import { deliveryWindowsQueryOptions } from '../../features/cart-checkout/api/delivery-windows'
import { WindowPicker } from '../../features/cart-checkout/components/window-picker'
import { ORDERS_KEY } from '../../features/orders/api/orders'
import { useRescheduleOrder } from '../../features/orders/api/reschedule-order'
import { deliveryWhen } from '../../features/orders/order-figures'
import { useCurrentUser } from '../../lib/current-user'
import { failureMessage } from '../../lib/form-errors'
import { ApiError } from '../../lib/http'
import { windowLabel } from '../../lib/window-words'
import { Button } from '../../ui/button'
import { useToast } from '../../ui/toast'
import { TrackingCard } from './tracking-card'

/**
 * The buyer's scheduled order, while no runner has accepted it: the same picker as the cart's to
 * move it to another window. The hero above already names the window, so this card does not.
 * Cancelling sits beside it (CancelWhileWaiting).
 */
export function ChangeWindow({ order }: { order: Order }) {
  const viewerId = useCurrentUser().data?.user?.id
  const [open, setOpen] = useState(false)
  const { t } = useLingui()
  if (!order.scheduledWindow || order.buyerId !== viewerId || order.status !== 'pending_runner_acceptance') return null
  return (
    <TrackingCard title={t`Delivery window`} className="stack stack--snug change-window">
      {!open && (
        <p className="meta">
          <Trans>Until a runner accepts your order, you can move it to another window.</Trans>
        </p>
      )}
      {open ? (
        <WindowForm order={order} current={order.scheduledWindow} onDone={() => setOpen(false)} />
      ) : (
        <Button type="button" size="small" onClick={() => setOpen(true)}>
          <Trans>Change window</Trans>
        </Button>
      )}
    </TrackingCard>
  )
}

function WindowForm({ order, current, onDone }: { order: Order; current: ScheduledWindow; onDone: () => void }) {
  const [chosen, setChosen] = useState<ScheduledWindow>(current)
  const [filled, setFilled] = useState<string | null>(null)
  const reschedule = useRescheduleOrder()
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const { t } = useLingui()
  const moved = chosen.start !== current.start
  const chosenLabel = windowLabel(chosen, order.storeTimeZone)
  const currentLabel = windowLabel(current, order.storeTimeZone)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!moved) return onDone()
    setFilled(null)
    reschedule.mutate(
      { id: order.id, scheduledFor: chosen.start },
      {
        onSuccess: (order) => {
          const orderNumber = shortOrderId(order.id)
          const when = deliveryWhen(order)
          toast({ title: t`Window Changed`, description: t`Order #${orderNumber} is now ${when}.`, variant: 'success' })
          onDone()
        },
        onError: (error) => {
          const code: string | undefined = error instanceof ApiError && error.status === 409 ? error.body.code : undefined
          if (code === 'WINDOW_FULL') {
            setFilled(chosenLabel)
            setChosen(current)
            void queryClient.invalidateQueries({ queryKey: deliveryWindowsQueryOptions(order.storeId).queryKey })
            return
          }
          // Anything else that changed meanwhile (a runner accepted, the order ended) is read again.
          if (code) void queryClient.invalidateQueries({ queryKey: ORDERS_KEY })
          toast({
            title: t`Window Not Changed`,
            description: failureMessage(error, t`The window could not be changed. Please try again.`),
            variant: 'destructive',
          })
        },
      },
    )
  }

  return (
    <form className="stack stack--snug" onSubmit={submit} aria-busy={reschedule.isPending}>
      {filled && (
        <p className="form-notice form-notice--error" role="alert">
          <Trans>{filled} just filled. Choose another window.</Trans>
        </p>
      )}
      <WindowPicker
        storeId={order.storeId}
        value={chosen.start}
        onChange={({ start, end, label }) => setChosen({ start, end, label })}
        legend={t`Choose a new window`}
        disabled={reschedule.isPending}
      />
      <div className="change-window__actions">
        <Button type="submit" variant="primary" size="small" disabled={!moved || reschedule.isPending}>
          {reschedule.isPending ? t`Moving...` : t`Move to ${chosenLabel}`}
        </Button>
        <Button type="button" size="small" onClick={onDone} disabled={reschedule.isPending}>
          <Trans>Keep {currentLabel}</Trans>
        </Button>
      </div>
    </form>
  )
}
