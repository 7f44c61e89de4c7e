import { conflict } from '../shared/index'
import { DEFAULT_SUBSTITUTION_PREFERENCE, type ItemState, SUBSTITUTION_WAIT_MS, type SubstitutionDecision } from './contract'
import type { OrderItem, Substitution } from './schema'

/**
 * The rules of a line while the runner shops (issue 16): what a mark, a buyer's decision and the
 * pick-up make of it. Plain functions of the line and the time; the orders' verbs write the result.
 */

/** Where a line stands; lines picked up before lines had states say it by isDelivered alone. */
export function itemState(item: OrderItem): ItemState {
  if (item.state) return item.state
  if (item.isDelivered === undefined) return 'pending'
  return item.isDelivered ? 'found' : 'not_found'
}

export const preferenceOf = (item: OrderItem) => item.substitutionPreference ?? DEFAULT_SUBSTITUTION_PREFERENCE

const isWaiting = (item: OrderItem) => item.substitution?.status === 'proposed'

/** When a proposal the buyer leaves unanswered counts as rejected: 5 minutes after it was made. */
export const substitutionAnswerBy = (proposedAt: string) => new Date(Date.parse(proposedAt) + SUBSTITUTION_WAIT_MS)

const substitutionPending = (item: OrderItem) => conflict(`The buyer has not yet answered the replacement offered for ${item.name}.`, 'SUBSTITUTION_PENDING')

/** A runner's mark, the replacement's price already in cents. */
export type LineMark = { state: 'found' | 'not_found' } | { state: 'substituted'; replacement: Pick<Substitution, 'name' | 'priceCents' | 'note'> }

/**
 * The line as the runner marks it. A line may be marked again (the replacement is not there
 * after all) but not while its proposal waits for the buyer. A replacement waits for the buyer
 * on a contact_me line, is approved at once on a best_match line, and is refused on a skip line.
 */
export function markedItem(item: OrderItem, mark: LineMark, now: Date): OrderItem {
  if (isWaiting(item)) throw substitutionPending(item)
  const { substitution: _previous, ...line } = item
  if (mark.state !== 'substituted') return { ...line, state: mark.state }
  const preference = preferenceOf(item)
  if (preference === 'skip') throw conflict(`The buyer asked to skip ${item.name} if it is missing, not to replace it.`, 'SUBSTITUTION_NOT_ALLOWED')
  const status = preference === 'best_match' ? 'approved' : 'proposed'
  return { ...line, state: 'substituted', substitution: { ...mark.replacement, status, proposedAt: now.toISOString() } }
}

/** The buyer's answer to a waiting proposal; a rejected replacement leaves the line not found. Only once. */
export function decidedItem(item: OrderItem, decision: SubstitutionDecision): OrderItem {
  if (!isWaiting(item)) throw conflict('This replacement is not waiting for an answer any more.', 'SUBSTITUTION_NOT_PENDING')
  const substitution = item.substitution!
  return decision === 'approve'
    ? { ...item, substitution: { ...substitution, status: 'approved' } }
    : { ...item, state: 'not_found', substitution: { ...substitution, status: 'rejected' } }
}

/**
 * The lines as the runner picks up: marked lines keep their state, the rest take what the
 * runner reported (`found`, by line id; the caller makes sure every unmarked line is in it). A
 * proposal still waiting stops the pick-up, unless it has waited 5 minutes: then it counts as
 * rejected.
 */
export function settledAtPickup(items: readonly OrderItem[], found: ReadonlyMap<string, boolean>, now: Date): OrderItem[] {
  return items.map((item) => {
    let line = item
    if (isWaiting(line)) {
      if (now < substitutionAnswerBy(line.substitution!.proposedAt)) throw substitutionPending(line)
      line = decidedItem(line, 'reject')
    }
    const marked = itemState(line)
    const state = marked === 'pending' ? (found.get(line.id) ? 'found' : 'not_found') : marked
    return { ...line, state, isDelivered: state !== 'not_found' }
  })
}

/** The lines as settled hold nothing to bring: not one was found (or replaced). Such an order ends as nothing found, never picked up. */
export const foundNothing = (items: readonly OrderItem[]) => items.length > 0 && items.every((item) => item.isDelivered === false)
