import type { Order, OrderItemView } from '../../../modules/orders/contract'

/** 001 §2: a price the store sets at the counter reads 'TBD'; a catalog price is an estimate unless marked otherwise. */
const linePrice = (item: OrderItemView) => {
  if (item.price === null) return 'TBD'
  return `$${item.price}${item.priceUnit ? ` ${item.priceUnit}` : ''}${item.isEstimatedPrice ? ' (est.)' : ''}`
}

const quantityText = (item: OrderItemView) => `${item.quantity} × ${item.unit}`

type Props = {
  order: Order
  /** While shopping: the lines ticked as found, and how to tick one. Absent once the list has been reported. */
  checks?: { found: ReadonlySet<string>; toggle: (itemId: string) => void }
}

/**
 * The shopping list (001 §2). While shopping each line has a checkbox: ticked means found, and
 * the line is struck through like a paper list. After pick-up it shows what was reported.
 */
export function ShoppingList({ order, checks }: Props) {
  const foundCount = checks ? order.items.filter((item) => checks.found.has(item.id)).length : order.items.filter((item) => item.isDelivered).length
  return (
    <section className="card card--compact card--stack delivery-card" aria-labelledby="shopping-list-heading">
      <div className="delivery-card__head">
        <h2 id="shopping-list-heading">Shopping List</h2>
        <span className="delivery-card__count" aria-live="polite">
          {foundCount} of {order.items.length} found
        </span>
      </div>
      {checks && <p className="delivery-card__hint">Tick each item as you find it. Anything left unticked is reported to the customer as not available.</p>}
      <ul className="shopping-list">
        {order.items.map((item) =>
          checks ? (
            <li key={item.id}>
              <label className={`shopping-line${checks.found.has(item.id) ? ' shopping-line--found' : ''}`}>
                <input type="checkbox" checked={checks.found.has(item.id)} onChange={() => checks.toggle(item.id)} />
                <LineText item={item} />
              </label>
            </li>
          ) : (
            <li key={item.id} className={`shopping-line shopping-line--reported${item.isDelivered === false ? ' shopping-line--missing' : ''}`}>
              <span className="shopping-line__mark" aria-hidden="true">
                {item.isDelivered === false ? '✕' : '✓'}
              </span>
              <LineText item={item} />
              <span className="shopping-line__result">{item.isDelivered === false ? 'Not available' : 'Found'}</span>
            </li>
          ),
        )}
      </ul>
    </section>
  )
}

function LineText({ item }: { item: OrderItemView }) {
  return (
    <span className="shopping-line__text">
      <span className="shopping-line__name">{item.name}</span>
      <span className="shopping-line__meta">
        {quantityText(item)} · {linePrice(item)}
      </span>
      {item.comment && <span className="shopping-line__note">Note: {item.comment}</span>}
    </span>
  )
}
