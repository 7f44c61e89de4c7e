import type { MessageDescriptor } from '@lingui/core'
import { msg, plural, t } from '@lingui/core/macro'
import type { OrderStatus, RefundedPart } from '../../../modules/orders/contract'
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
