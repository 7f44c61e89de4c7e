import type { Order, OrderItemView } from '../../../modules/orders/contract'
import { itemsLabel, nothingFound } from '../../features/orders/order-figures'

const price = (item: OrderItemView) =>
  item.price === null ? 'Price at store' : `$${item.price}${item.priceUnit ? ` ${item.priceUnit}` : ''}${item.isEstimatedPrice ? ' (est.)' : ''}`

/**
 * What was ordered. Once delivered, the lines are split by what the runner found (001 §2); a
 * line the store did not have is struck through wherever it is known. The runner's receipt
 * total, when they gave one, is what the buyer pays them at the door.
 */
export function OrderItems({ order }: { order: Order }) {
  const missing = order.items.filter((item) => item.isDelivered === false)
  const split = order.status === 'delivered'
  return (
    <section className="card card--compact card--stack tracking-card" aria-labelledby="items-heading">
      <h2 id="items-heading" className="tracking-card__heading">
        {itemsLabel(order.items)}
      </h2>
      {split ? (
        <>
          <ItemGroup title={`Delivered (${order.items.length - missing.length})`} items={order.items.filter((item) => item.isDelivered !== false)} />
          {missing.length > 0 && <ItemGroup title={`Not Delivered (${missing.length})`} items={missing} />}
        </>
      ) : (
        <ItemList items={order.items} label="Items" />
      )}
      {order.actualGroceryCost && !nothingFound(order) && (
        <p className="tracking-items__total">
          Grocery total from the store receipt: <strong>${order.actualGroceryCost}</strong>, paid to {order.runnerFirstName?.trim() || 'your runner'} at the
          door.
        </p>
      )}
    </section>
  )
}

function ItemGroup({ title, items }: { title: string; items: OrderItemView[] }) {
  return (
    <div className="tracking-items__group">
      <h3 className="tracking-items__group-title">{title}</h3>
      <ItemList items={items} label={title} />
    </div>
  )
}

function ItemList({ items, label }: { items: OrderItemView[]; label: string }) {
  return (
    <ul className="tracking-items" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={`tracking-item${item.isDelivered === false ? ' tracking-item--missing' : ''}`}>
          <span className="tracking-item__quantity">{item.quantity}×</span>
          <span className="tracking-item__text">
            <span className="tracking-item__name">{item.name}</span>
            <span className="tracking-item__meta">{item.isDelivered === false ? 'Not available at store' : `${item.unit} · ${price(item)}`}</span>
            {item.comment && <span className="tracking-item__note">Note: {item.comment}</span>}
          </span>
        </li>
      ))}
    </ul>
  )
}
