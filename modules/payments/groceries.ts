import { chargesOf } from './grocery-charges'
import { chargeExtra, chargeOwedExtras } from './grocery-extra'
import { authorize, holdOf, holdOfCheckout, holdsOf } from './grocery-holds'
import { releaseReplacedHolds, renewalDeclined, renewOldHold } from './grocery-renewal'
import { awaitingTotal, capture, captureOwed, oweCapture, release } from './grocery-settlement'

/**
 * Grocery holds, keyed by order: a hold authorized at checkout (`authorize`), captured at the
 * settled total or released (`capture`, `release`, and the retries the jobs run), authorized again
 * when too old to wait for another runner (`renewOldHold`, with the sweep releasing what a
 * failed release left standing), an extra charge above it
 * (`chargeExtra`), and the reads orders, checkout and the notices need.
 */
export const groceries = {
  authorize,
  capture,
  release,
  renewOldHold,
  releaseReplacedHolds,
  renewalDeclined,
  chargeExtra,
  holdOf,
  holdOfCheckout,
  holdsOf,
  chargesOf,
  awaitingTotal,
  oweCapture,
  captureOwed,
  chargeOwedExtras,
}
