// The order's states and the moves between them (001 §4, plus cancellation), its events, and their labels.

export const ORDER_STATUSES = ['pending_runner_acceptance', 'runner_accepted', 'picked_up', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Every move an order may make, named for what happens (001 §4, plus cancellation: by the
 * buyer, support, the 30-minute sweep, or a declined capture). The one table: each move is one
 * conditional update from these states, and anything else is refused with INVALID_TRANSITION.
 */
export const ORDER_MOVES = {
  /** A runner takes a waiting order whose hold still stands. */
  claim: { from: ['pending_runner_acceptance'], to: 'runner_accepted' },
  /** A claim whose capture could not reach the gateway is given back: the order waits again, its hold untouched. */
  unclaim: { from: ['runner_accepted'], to: 'pending_runner_acceptance' },
  /** The runner gives a paid order up before pick-up: it goes back to the offers, its fee and tip still captured. */
  reoffer: { from: ['runner_accepted'], to: 'pending_runner_acceptance' },
  /** A re-offered order (paid for) ends before another runner took it: the buyer cancelled, or its 30 minutes passed. Its money goes back. */
  endReoffered: { from: ['pending_runner_acceptance'], to: 'cancelled' },
  /** The buyer, support or the gateway ends a waiting order (or a claim whose capture failed). */
  cancelWaiting: { from: ['pending_runner_acceptance', 'runner_accepted'], to: 'cancelled' },
  /** The sweep ends an order no runner took within 30 minutes. */
  expire: { from: ['pending_runner_acceptance', 'runner_accepted'], to: 'cancelled' },
  /** A paid order ends before pick-up: the buyer's runner never came, or the runner gave it up. Its money goes back. */
  cancelAccepted: { from: ['runner_accepted'], to: 'cancelled' },
  /** The runner found none of the lines: the order ends without a pick-up, never delivered, and its money goes back. */
  endNothingFound: { from: ['runner_accepted'], to: 'cancelled' },
  reportPickup: { from: ['runner_accepted'], to: 'picked_up' },
  reportDelivered: { from: ['picked_up'], to: 'delivered' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>
export type OrderMove = keyof typeof ORDER_MOVES

/** The same table by state: where an order may go next. */
export const ORDER_TRANSITIONS = Object.fromEntries(
  ORDER_STATUSES.map((from) => [
    from,
    [...new Set(Object.values(ORDER_MOVES).flatMap((move) => ((move.from as readonly OrderStatus[]).includes(from) ? [move.to] : [])))],
  ]),
) as unknown as Record<OrderStatus, readonly OrderStatus[]>

/** The grocery total is the runner's once they have picked up; from then on the buyer may confirm it. */
export const GROCERY_TOTAL_STATES = ['picked_up', 'delivered'] as const satisfies readonly OrderStatus[]

/** The moments people are told about (by the notifications module, from the orders' outbox). */
export const ORDER_EVENT_TYPES = [
  'placed',
  'accepted',
  'picked_up',
  'delivered',
  'cancelled',
  'message',
  'substitution_proposed',
  'substitution_decided',
  'grocery_total_confirmed',
  'grocery_charge_declined',
  'rating_revealed',
  'problem_reported',
  'refund_issued',
  'problem_resolved',
  'offers_opened',
  'rescheduled',
  'offers_overnight',
  'reoffered',
] as const
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]
/** Events about one thing that happens once (a refund, a problem's resolving), their subject its id: recorded once, however often it settles. */
export const EVENTS_TOLD_ONCE = ['refund_issued', 'problem_resolved'] as const satisfies readonly OrderEventType[]

/** A runner who accepted and has not picked up after this long is not coming: the buyer may cancel for a full refund. */
export const NO_SHOW_AFTER_HOURS = 2
export const NO_SHOW_AFTER_MS = NO_SHOW_AFTER_HOURS * 60 * 60_000

export const CANCEL_REASONS = ['buyer', 'expired', 'capture_failed', 'support', 'runner_no_show', 'runner_released', 'nothing_found'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/** 001 §4's two readings: a short badge, and the tracking screen's longer title. */
export const STATUS_LABELS: Record<OrderStatus, { badge: string; title: string }> = {
  pending_runner_acceptance: { badge: 'Finding Runner', title: 'Finding Runner' },
  runner_accepted: { badge: 'Runner Assigned', title: 'Runner Found' },
  picked_up: { badge: 'Being Delivered', title: 'Out for Delivery' },
  delivered: { badge: 'Delivered', title: 'Delivered' },
  cancelled: { badge: 'Cancelled', title: 'Cancelled' },
}

export const statusLabel = (status: string) => STATUS_LABELS[status as OrderStatus]?.badge ?? 'Processing'

/** The open states a buyer or runner is still waiting on. */
export const isOpenStatus = (status: OrderStatus) => status !== 'delivered' && status !== 'cancelled'

/** An order as the windows after delivery read it: the row (dates) or the API's view (ISO strings). */
export type OrderMoment = { status: OrderStatus; deliveredAt: string | Date | null }
