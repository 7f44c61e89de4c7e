import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type Order, shortOrderId } from '../../../modules/orders/contract'
import { EARLY_DELIVERY_WARNING_MINUTES, formatCents } from '../../../modules/shared/contract'
import { useStoreRunnerDelivery } from '../../features/orders/api/orders'
import { ChatReminder } from '../../features/orders/components/chat-panel'
import { orderCents } from '../../features/orders/order-figures'
import { useNothingFound } from '../../features/runner/api/nothing-found'
import { useClock } from '../../lib/clock'
import { failureMessage } from '../../lib/form-errors'
import { ActionBar } from '../../ui/action-bar'
import { Button, ButtonLink } from '../../ui/button'
import { useToast } from '../../ui/toast'
import { DeliveredDialog, MissingItemsDialog, NothingFoundDialog } from './confirm-dialogs'
import { customerName } from './customer-name'
import { isFound } from './shopping-list'
import { useDeliveryUpdate } from './use-delivery-update'

/** A scheduled order delivered more than EARLY_DELIVERY_WARNING_MINUTES before its window starts. */
const deliveringEarly = (order: Order, now: number) =>
  order.scheduledWindow !== null && Date.parse(order.scheduledWindow.start) - now > EARLY_DELIVERY_WARNING_MINUTES * 60_000

type Props = {
  order: Order
  /** The lines ticked as found on the shopping list. */
  found: ReadonlySet<string>
  /** The actual grocery total to send, when the runner entered one. */
  groceryTotal: string | undefined
  /** False while the grocery total cannot be sent as typed. */
  groceryTotalValid: boolean
  /** Called once the pick-up is recorded, or the order ended as nothing found: the list's ticks are done with. */
  onListDone: () => void
}

/**
 * The one next step, kept at the bottom of the screen: 'MARK AS PICKED UP' while shopping (with
 * a warning first when lines are unticked, and with none ticked the order ends as nothing
 * found instead), then 'MARK AS DELIVERED' (always confirmed).
 */
export function DeliveryActions({ order, found, groceryTotal, groceryTotalValid, onListDone }: Props) {
  const { t, i18n } = useLingui()
  const { report, pending } = useDeliveryUpdate(order.id)
  const [asking, setAsking] = useState<'missing' | 'nothing' | 'delivered' | null>(null)
  // Lines marked on the server keep their mark; only the unmarked, unticked ones are news to confirm.
  const missing = order.items.filter((item) => item.state === 'pending' && !found.has(item.id))
  const nothing = order.items.every((item) => !isFound(item, found))

  const clock = useClock()
  const endedOrder = useStoreRunnerDelivery()
  const { toast } = useToast()
  const orderNumber = shortOrderId(order.id)
  const endNothingFound = useNothingFound(order.id, {
    onEnded: (ended) => {
      setAsking(null)
      endedOrder(ended)
      onListDone()
      toast({
        title: t`Order Ended: Nothing Found`,
        description: t`Order #${orderNumber} is cancelled and the customer refunded.`,
        variant: 'success',
      })
    },
  })

  const pickUp = () => {
    setAsking(null)
    const itemCompletionData = order.items.map((item) => ({ id: item.id, isDelivered: isFound(item, found) }))
    report({ status: 'picked_up', itemCompletionData, ...(groceryTotal ? { actualGroceryCost: groceryTotal } : {}) }, { onDone: onListDone })
  }
  const confirmNothingFound = () =>
    endNothingFound.mutate(undefined, {
      onError: (error) => {
        setAsking(null)
        toast({
          title: t`Failed to update status`,
          description: failureMessage(error, t`Please check your connection and try again.`),
          variant: 'destructive',
        })
      },
    })
  const deliver = () => {
    setAsking(null)
    report({ status: 'delivered' })
  }

  if (order.status === 'delivered' || order.status === 'cancelled') {
    return (
      <ActionBar className="delivery-action-bar">
        <ButtonLink to="/runner" variant="primary" size="large" block>
          <Trans>Back to Dashboard</Trans>
        </ButtonLink>
      </ActionBar>
    )
  }
  if (order.status !== 'runner_accepted' && order.status !== 'picked_up') return null

  return (
    <ActionBar className="delivery-action-bar">
      <ChatReminder order={order} me="runner" />
      {order.status === 'runner_accepted' ? (
        <Button
          type="button"
          variant="primary"
          size="large"
          block
          disabled={pending || endNothingFound.isPending || !groceryTotalValid}
          onClick={() => (nothing ? setAsking('nothing') : missing.length > 0 ? setAsking('missing') : pickUp())}
        >
          {pending ? t`Updating...` : t`MARK AS PICKED UP`}
        </Button>
      ) : (
        <Button type="button" variant="primary" size="large" block disabled={pending} onClick={() => setAsking('delivered')}>
          {pending ? t`Updating...` : t`MARK AS DELIVERED`}
        </Button>
      )}
      {asking === 'nothing' && (
        <NothingFoundDialog
          customer={customerName(i18n, order)}
          paid={formatCents(orderCents(order.totalAmount))}
          byCard={order.groceryPayment.method === 'card'}
          busy={endNothingFound.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={confirmNothingFound}
        />
      )}
      {asking === 'missing' && <MissingItemsDialog missing={missing} onCancel={() => setAsking(null)} onConfirm={pickUp} />}
      {asking === 'delivered' && (
        <DeliveredDialog
          customer={
            order.buyerFirstName?.trim() ||
            i18n._(msg({ comment: 'The buyer, in the middle of a sentence, when their first name is not known', message: 'the customer' }))
          }
          payment={order.groceryPayment}
          earlyFor={deliveringEarly(order, clock.now()) ? order.scheduledWindow : null}
          onCancel={() => setAsking(null)}
          onConfirm={deliver}
        />
      )}
    </ActionBar>
  )
}
