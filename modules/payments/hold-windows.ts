import { RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'

const MINUTE = 60_000

/**
 * The card hold's clock, in one place. An order's counts from the moment its offers open (its
 * placement, or a scheduled order's lead time before its window): a runner may claim it for 30
 * minutes, then the sweep releases the hold. A checkout not yet an order counts from its
 * authorization. The other windows are margins around that one. Nothing else ends a hold: a
 * scheduled order's stands until its offers' 30 minutes, within the 7 days a card authorization
 * lasts, since no window is more than 7 days out.
 */
export const HOLD_WINDOWS = {
  /** How long a hold waits for a runner (001 §5). */
  acceptanceMs: RUNNER_ACCEPTANCE_WINDOW_MINUTES * MINUTE,
  /** A checkout confirmed later than this is refused: the margin keeps a new order clear of the sweep at 30 minutes. */
  confirmWithinMs: (RUNNER_ACCEPTANCE_WINDOW_MINUTES - 5) * MINUTE,
  /** A hold found gone this close to its 30 minutes was released by the sweep, not by the buyer. */
  sweepGraceMs: MINUTE,
  /** A runner's claim whose capture has not settled after this long was interrupted (a capture takes seconds). */
  staleClaimMs: 2 * MINUTE,
  /** How long a card authorization lasts at the gateway (Stripe's online card payments): an order must find its runner within it. */
  cardHoldMs: 7 * 24 * 60 * MINUTE,
}

/** Orders offered (checkouts authorized) at or before this moment have had their 30 minutes: no runner may claim them, and the sweep releases them. */
export const holdLapsedBefore = (now: Date) => new Date(now.getTime() - HOLD_WINDOWS.acceptanceMs)

/** When the hold of an order offered from `offersOpenAt` is released if no runner has accepted. */
export const holdExpiresAt = (offersOpenAt: Date) => new Date(offersOpenAt.getTime() + HOLD_WINDOWS.acceptanceMs)

/** Whether a card authorized at `authorizedAt` still holds when an order offered from `offersOpenAt` has had its 30 minutes. */
export const holdOutlastsOffers = (authorizedAt: Date, offersOpenAt: Date) =>
  holdExpiresAt(offersOpenAt).getTime() <= authorizedAt.getTime() + HOLD_WINDOWS.cardHoldMs

/** Whether a checkout started at `startedAt` is too old to become an order. */
export const checkoutTooOld = (startedAt: Date, now: Date) => now.getTime() - startedAt.getTime() >= HOLD_WINDOWS.confirmWithinMs

/** Whether the hold of an order offered from `offersOpenAt`, found released, was the sweep's doing (at or near its 30 minutes). */
export const releasedBySweep = (offersOpenAt: Date, now: Date) =>
  now.getTime() - offersOpenAt.getTime() >= HOLD_WINDOWS.acceptanceMs - HOLD_WINDOWS.sweepGraceMs

/** Claims made before this moment and still unsettled were interrupted. */
export const claimStaleBefore = (now: Date) => new Date(now.getTime() - HOLD_WINDOWS.staleClaimMs)
