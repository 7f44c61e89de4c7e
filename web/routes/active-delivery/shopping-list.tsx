import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order, OrderItemView } from '../../../modules/orders/contract'
import { ReplacementNote } from '../../features/orders/components/replacement-note'
import { SUBSTITUTION_PREFERENCE_LABELS } from '../../features/orders/substitution-labels'
import { Card } from '../../ui/card'
import { LineMarks } from './line-marks'

/** 001 §2: a price the store sets at the counter reads 'TBD'; a catalog price is an estimate unless marked otherwise. */
function linePrice(i18n: I18n, item: OrderItemView): string {
  if (item.price === null) return i18n._(msg({ comment: 'A price not known yet: the store sets it at the counter', message: 'TBD' }))
  const price = `$${item.price}${item.priceUnit ? ` ${item.priceUnit}` : ''}`
  return item.isEstimatedPrice ? i18n._(msg`${price} (est.)`) : price
}

const quantityText = (item: OrderItemView) => `${item.quantity} × ${item.unit}`

/** A line as the runner reads it back: its sign, and one word; 'unshopped' is a line the order ended before anyone reported. */
const MARKED: Record<Exclude<OrderItemView['state'], 'pending'> | 'unshopped', { sign: string; word: MessageDescriptor }> = {
  found: { sign: '✓', word: msg`Found` },
  not_found: { sign: '✕', word: msg`Not available` },
  substituted: { sign: '⇄', word: msg`Replaced` },
  unshopped: { sign: '–', word: msg`Not shopped` },
}

/** Lines reported before they had states say it by isDelivered alone; one never reported (the order ended first) was not shopped. */
const reportedState = (item: OrderItemView): keyof typeof MARKED => {
  if (item.state !== 'pending') return item.state
  if (item.isDelivered === null) return 'unshopped'
  return item.isDelivered ? 'found' : 'not_found'
}

type Props = {
  order: Order
  /** While shopping: the lines ticked as found, and how to tick one. Absent once the list has been reported. */
  checks?: { found: ReadonlySet<string>; toggle: (itemId: string) => void }
}

/** A line counts as found once ticked, marked found, or replaced. */
export const isFound = (item: OrderItemView, ticked: ReadonlySet<string>) =>
  item.state === 'pending' ? ticked.has(item.id) : item.state === 'found' || item.state === 'substituted'

/**
 * The shopping list (001 §2). While shopping each unmarked line has a checkbox: ticked means
 * found, and the line is struck through like a paper list; a line that is not on the shelf is
 * marked not found or replaced on the server at once, so the customer sees it live. After
 * pick-up it shows what was reported.
 */
export function ShoppingList({ order, checks }: Props) {
  const foundCount = order.items.filter((item) => isFound(item, checks?.found ?? new Set())).length
  const itemCount = order.items.length
  return (
    <Card compact className="stack delivery-card" aria-labelledby="shopping-list-heading">
      <div className="spread spread--baseline">
        <h2 id="shopping-list-heading">
          <Trans>Shopping List</Trans>
        </h2>
        <span className="delivery-card__count" aria-live="polite">
          <Trans>
            {foundCount} of {itemCount} found
          </Trans>
        </span>
      </div>
      {checks && (
        <p className="meta">
          <Trans>
            Tick each item as you find it. If one is missing, tap "Can't find it?" to mark it or offer a replacement. Anything left unticked is reported to the
            customer as not available.
          </Trans>
        </p>
      )}
      <ul className="shopping-list">
        {order.items.map((item) => (
          <li key={item.id}>
            {checks && item.state === 'pending' ? (
              <label className={`shopping-line${checks.found.has(item.id) ? ' shopping-line--found' : ''}`}>
                <input type="checkbox" checked={checks.found.has(item.id)} onChange={() => checks.toggle(item.id)} />
                <LineText item={item} shopping={!checks.found.has(item.id)} />
              </label>
            ) : (
              <Reported item={item} shopping={Boolean(checks)} />
            )}
            {checks && !(item.state === 'pending' && checks.found.has(item.id)) && <LineMarks orderId={order.id} item={item} />}
          </li>
        ))}
      </ul>
    </Card>
  )
}

function Reported({ item, shopping }: { item: OrderItemView; shopping: boolean }) {
  const { i18n } = useLingui()
  const state = reportedState(item)
  const { sign, word } = MARKED[state]
  return (
    <div className={`shopping-line shopping-line--reported${state === 'not_found' ? ' shopping-line--missing' : ''}`}>
      <span className="shopping-line__mark" aria-hidden="true">
        {sign}
      </span>
      <LineText item={item} shopping={shopping} />
      <span className="shopping-line__result">{i18n._(word)}</span>
    </div>
  )
}

function LineText({ item, shopping = false }: { item: OrderItemView; shopping?: boolean }) {
  const { i18n } = useLingui()
  const note = item.comment
  return (
    <span className="shopping-line__text">
      <span className="shopping-line__name">{item.name}</span>
      <span className="shopping-line__meta meta">
        {quantityText(item)} · {linePrice(i18n, item)}
      </span>
      {note && (
        <span className="shopping-line__note meta">
          <Trans>Note: {note}</Trans>
        </span>
      )}
      {shopping && !item.substitution && (
        <span className="shopping-line__meta meta">{SUBSTITUTION_PREFERENCE_LABELS[item.substitutionPreference].forRunner}</span>
      )}
      {item.substitution && <ReplacementNote substitution={item.substitution} waitingOn="the customer" />}
    </span>
  )
}
