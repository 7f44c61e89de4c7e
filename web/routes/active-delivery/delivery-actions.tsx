import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { ChatReminder } from '../../features/orders/components/chat-panel'
import { ActionBar } from '../../ui/action-bar'
import { DeliveredDialog, MissingItemsDialog, NothingFoundDialog } from './confirm-dialogs'
import { isFound } from './shopping-list'
import { useDeliveryUpdate } from './use-delivery-update'

type Props = {
  order: Order
  /** The lines ticked as found on the shopping list. */
  found: ReadonlySet<string>
  /** The actual grocery total to send, when the runner entered one. */
  groceryTotal: string | undefined
  /** False while the grocery total cannot be sent as typed. */
  groceryTotalValid: boolean
  /** Called once the pick-up is recorded. */
  onPickedUp: () => void
}

/**
 * The one next step, kept at the bottom of the screen: 'MARK AS PICKED UP' while shopping (with
 * a warning first when lines are unticked), then 'MARK AS DELIVERED' (always confirmed).
 */
export function DeliveryActions({ order, found, groceryTotal, groceryTotalValid, onPickedUp }: Props) {
  const { report, pending } = useDeliveryUpdate(order.id)
  const [asking, setAsking] = useState<'missing' | 'nothing' | 'delivered' | null>(null)
  // Lines marked on the server keep their mark; only the unmarked, unticked ones are news to confirm.
  const missing = order.items.filter((item) => item.state === 'pending' && !found.has(item.id))
  const nothing = order.items.every((item) => !isFound(item, found))

  const pickUp = () => {
    setAsking(null)
    const itemCompletionData = order.items.map((item) => ({ id: item.id, isDelivered: isFound(item, found) }))
    // Nothing bought costs nothing, whatever was typed.
    const actualGroceryCost = nothing ? '0.00' : groceryTotal
    report({ status: 'picked_up', itemCompletionData, ...(actualGroceryCost ? { actualGroceryCost } : {}) }, { onDone: onPickedUp })
  }
  const deliver = () => {
    setAsking(null)
    report({ status: 'delivered' })
  }

  if (order.status === 'delivered' || order.status === 'cancelled') {
    return (
      <ActionBar className="delivery-action-bar">
        <Link to="/runner" className="button button--primary button--large button--block">
          Back to Dashboard
        </Link>
      </ActionBar>
    )
  }
  if (order.status !== 'runner_accepted' && order.status !== 'picked_up') return null

  return (
    <ActionBar className="delivery-action-bar">
      <ChatReminder order={order} me="runner" />
      {order.status === 'runner_accepted' ? (
        <button
          type="button"
          className="button button--primary button--large button--block"
          disabled={pending || !groceryTotalValid}
          onClick={() => (nothing ? setAsking('nothing') : missing.length > 0 ? setAsking('missing') : pickUp())}
        >
          {pending ? 'Updating...' : 'MARK AS PICKED UP'}
        </button>
      ) : (
        <button type="button" className="button button--primary button--large button--block" disabled={pending} onClick={() => setAsking('delivered')}>
          {pending ? 'Updating...' : 'MARK AS DELIVERED'}
        </button>
      )}
      {asking === 'nothing' && <NothingFoundDialog onCancel={() => setAsking(null)} onConfirm={pickUp} />}
      {asking === 'missing' && <MissingItemsDialog missing={missing} onCancel={() => setAsking(null)} onConfirm={pickUp} />}
      {asking === 'delivered' && (
        <DeliveredDialog customer={order.buyerFirstName?.trim() || 'the customer'} onCancel={() => setAsking(null)} onConfirm={deliver} />
      )}
    </ActionBar>
  )
}
