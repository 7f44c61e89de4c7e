import { t } from '@lingui/core/macro'
import type { Order, OrderStatus } from '../../../modules/orders/contract'

export type StepState = 'done' | 'current' | 'upcoming' | 'cancelled'

export type TimelineStep = {
  label: string
  state: StepState
  /** When the step happened, for steps that have happened. */
  at: string | null
}

/** The step each open status is on (index into the steps below). */
const CURRENT_STEP: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  pending_runner_acceptance: 1,
  runner_accepted: 2,
  picked_up: 4,
  delivered: 5,
}

/**
 * 001 §2's timeline: 'Order Placed', then waiting for a runner, runner found and shopping, items
 * picked up, out for delivery, delivered. Each step that has happened carries its time; waiting
 * is a stretch rather than a moment, so it has none. A cancelled order stops where it was, with
 * the cancellation as its last step.
 */
export function timelineSteps(order: Order): TimelineStep[] {
  const steps = [
    { label: t`Order Placed`, at: order.createdAt },
    { label: t`Waiting for a runner`, at: null },
    { label: t`Runner found, shopping in progress`, at: order.acceptedAt },
    { label: t`Items picked up`, at: order.pickedUpAt },
    { label: t`Out for delivery`, at: order.pickedUpAt },
    { label: t`Delivered`, at: order.deliveredAt },
  ]
  if (order.status === 'cancelled') {
    return [
      { ...steps[0]!, state: 'done' },
      { ...steps[1]!, state: 'done' },
      { label: t`Cancelled`, at: order.cancelledAt, state: 'cancelled' },
    ]
  }
  const current = CURRENT_STEP[order.status]
  return steps.map((step, index): TimelineStep => {
    const state = index < current || order.status === 'delivered' ? 'done' : index === current ? 'current' : 'upcoming'
    return { ...step, state, at: state === 'upcoming' ? null : step.at }
  })
}
