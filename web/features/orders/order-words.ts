import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural, t } from '@lingui/core/macro'
import type { OrderRefund, OrderStatus, RefundedPart, RefundReason } from '../../../modules/orders/contract'
import type { ProblemKind } from '../../../modules/trust/contract'

/**
 * The contracts' English words for an order's state, a refunded charge and a problem's kind, as
 * the screens say them in the language on screen. The English is the contracts' own, word for
 * word (order-words.test.ts holds them equal), so English screens read as before.
 */
export const STATUS_WORDS: Record<OrderStatus, { badge: MessageDescriptor; title: MessageDescriptor }> = {
  pending_runner_acceptance: { badge: msg`Finding Runner`, title: msg`Finding Runner` },
  runner_accepted: { badge: msg`Runner Assigned`, title: msg`Runner Found` },
  picked_up: { badge: msg`Being Delivered`, title: msg`Out for Delivery` },
  delivered: { badge: msg`Delivered`, title: msg`Delivered` },
  cancelled: { badge: msg`Cancelled`, title: msg`Cancelled` },
}

export const REFUNDED_PART_WORDS: Record<RefundedPart, MessageDescriptor> = {
  charge: msg`Fee and tip`,
  groceries: msg({ comment: 'A refunded charge: the groceries', message: 'Groceries' }),
  grocery_extra: msg`Extra grocery charge`,
}

/** Why money came back on an order's card, by the order answer's `reasonCode` (its English `reason` is for API clients). */
const REFUND_REASON_WORDS: Record<RefundReason, MessageDescriptor> = {
  runner_no_show: msg`The runner never came`,
  runner_gave_up: msg`The runner gave the order up`,
  nothing_found: msg`The runner found none of the items`,
  buyer_cancelled: msg`Cancelled by the buyer`,
  support_cancelled: msg`Cancelled by support`,
  order_ended: msg`The order ended before pick-up`,
  problem: msg`For a problem report`,
  support: msg`Refunded by support`,
}

/**
 * Why a refund was made, in the language on screen, then the note a person wrote with it as they
 * wrote it; support's note on its own refund is the reason entire. A code this screen does not
 * know yet shows the server's English.
 */
export function refundReasonWords(i18n: I18n, refund: Pick<OrderRefund, 'reason' | 'reasonCode' | 'note'>): string {
  if (!Object.hasOwn(REFUND_REASON_WORDS, refund.reasonCode)) return refund.reason
  if (refund.reasonCode === 'support' && refund.note) return refund.note
  const why = i18n._(REFUND_REASON_WORDS[refund.reasonCode])
  return refund.note ? `${why}: ${refund.note}` : why
}

export const PROBLEM_KIND_WORDS: Record<ProblemKind, MessageDescriptor> = {
  missing_items: msg`Items missing`,
  wrong_items: msg`Wrong items`,
  grocery_total: msg`Grocery total is wrong`,
  damaged: msg`Something arrived damaged`,
  late: msg`Very late`,
  runner_no_show: msg`The runner never came`,
  buyer_unreachable: msg`Could not reach the buyer`,
  other: msg`Something else`,
}

/** The title where an order is missing (tracking, the order detail), as the contract's ORDER_NOT_FOUND. */
export const ORDER_NOT_FOUND_WORDS = msg`Order not found`

/** '3 items (4 units)', '1 item': the contract's itemsLabel in the language on screen. */
export function itemsLabel(lines: readonly { quantity: number }[]): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0)
  const count = lines.length
  if (units === count) return plural(count, { one: '# item', other: '# items' })
  return t`${plural(count, { one: '# item', other: '# items' })} (${plural(units, { one: '# unit', other: '# units' })})`
}
