import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order, OrderItemView } from '../../../modules/orders/contract'
import { ReplacementNote } from '../../features/orders/components/replacement-note'
import { itemsLabel } from '../../features/orders/order-figures'
import { SUBSTITUTION_PREFERENCE_LABELS } from '../../features/orders/substitution-labels'
import { TrackingCard } from './tracking-card'

function price(item: OrderItemView) {
  if (item.price === null) return t`Price at store`
  const amount = `$${item.price}${item.priceUnit ? ` ${item.priceUnit}` : ''}`
  return item.isEstimatedPrice ? t`${amount} (est.)` : amount
}

/**
 * What was ordered. Once delivered, the lines are split by what the runner found (001 §2); a
 * line the store did not have is struck through wherever it is known; a replacement waiting on
 * the buyer is answered at the top of tracking (SubstitutionRequests).
 */
export function OrderItems({ order }: { order: Order }) {
  const missing = order.items.filter((item) => item.isDelivered === false)
  const split = order.status === 'delivered'
  const { t } = useLingui()
  const deliveredCount = order.items.length - missing.length
  const missingCount = missing.length
  return (
    <TrackingCard title={itemsLabel(order.items)}>
      {split ? (
        <>
          <ItemGroup title={t`Delivered (${deliveredCount})`} items={order.items.filter((item) => item.isDelivered !== false)} />
          {missing.length > 0 && <ItemGroup title={t`Not Delivered (${missingCount})`} items={missing} />}
        </>
      ) : (
        <ItemList items={order.items} label={t`Items`} />
      )}
    </TrackingCard>
  )
}

type ListProps = { items: OrderItemView[] }

function ItemGroup({ title, items }: ListProps & { title: string }) {
  return (
    <div className="tracking-items__group">
      <h3 className="kicker tracking-items__group-title">{title}</h3>
      <ItemList items={items} label={title} />
    </div>
  )
}

/** A line not available, by the runner's mark or, on lines reported before marks, by isDelivered. */
const isMissing = (item: OrderItemView) => item.state === 'not_found' || item.isDelivered === false

function ItemList({ items, label }: ListProps & { label: string }) {
  const { t } = useLingui()
  return (
    <ul className="tracking-items" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={`tracking-item${isMissing(item) ? ' tracking-item--missing' : ''}`}>
          <span className="tracking-item__quantity">{item.quantity}×</span>
          <span className="tracking-item__text">
            <span className="tracking-item__name">{item.name}</span>
            <span className="tracking-item__meta meta">{isMissing(item) ? t`Not available at store` : `${item.unit} · ${price(item)}`}</span>
            {item.comment && <Note comment={item.comment} />}
            {/* The buyer's own choice for the line, as the runner reads it, until the line is settled. */}
            {item.state === 'pending' && !item.substitution && (
              <span className="meta tracking-item__choice">{SUBSTITUTION_PREFERENCE_LABELS[item.substitutionPreference].forBuyer}</span>
            )}
            {item.substitution && <ReplacementNote substitution={item.substitution} waitingOn="you" />}
          </span>
          {item.state === 'found' && <span className="tracking-item__state">{t({ comment: 'An item the runner found at the store', message: 'Found' })}</span>}
        </li>
      ))}
    </ul>
  )
}

function Note({ comment }: { comment: string }) {
  return (
    <span className="meta">
      <Trans>Note: {comment}</Trans>
    </span>
  )
}
