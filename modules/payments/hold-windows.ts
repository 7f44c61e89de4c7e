import { RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'

const MINUTE = 60_000

/**
 * The card hold's clock, in one place. Everything counts from the authorization: a runner may
 * claim the order for 30 minutes, then the sweep releases the hold. The other windows are
 * margins around that one.
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
}

/** Holds authorized at or before this moment have had their 30 minutes: no runner may claim them, and the sweep releases them. */
export const holdLapsedBefore = (now: Date) => new Date(now.getTime() - HOLD_WINDOWS.acceptanceMs)

/** When a hold authorized at `authorizedAt` is released if no runner has accepted. */
export const holdExpiresAt = (authorizedAt: Date) => new Date(authorizedAt.getTime() + HOLD_WINDOWS.acceptanceMs)

/** Whether a checkout started at `startedAt` is too old to become an order. */
export const checkoutTooOld = (startedAt: Date, now: Date) => now.getTime() - startedAt.getTime() >= HOLD_WINDOWS.confirmWithinMs

/** Whether a hold authorized at `authorizedAt` and found released was the sweep's doing (at or near its 30 minutes). */
export const releasedBySweep = (authorizedAt: Date, now: Date) =>
  now.getTime() - authorizedAt.getTime() >= HOLD_WINDOWS.acceptanceMs - HOLD_WINDOWS.sweepGraceMs

/** Claims made before this moment and still unsettled were interrupted. */
export const claimStaleBefore = (now: Date) => new Date(now.getTime() - HOLD_WINDOWS.staleClaimMs)
