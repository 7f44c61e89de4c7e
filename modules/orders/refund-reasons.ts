import type { SettledRefund } from '../payments/index'
import type { CancelReason, RefundReason } from './contract'

/** An owed refund's reason, by how its order ended before pick-up. */
const ENDED: Partial<Record<CancelReason, RefundReason>> = {
  runner_no_show: 'runner_no_show',
  runner_released: 'runner_gave_up',
  nothing_found: 'nothing_found',
  buyer: 'buyer_cancelled',
  support: 'support_cancelled',
}

/** The text after `prefix`, when `text` starts with it and goes on. */
function after(text: string, prefix: RegExp): string | null {
  const match = prefix.exec(text)
  return match ? text.slice(match[0].length).trim() || null : null
}

/**
 * Why a refund was made, as its code, and the words a person wrote with it. Each refund's English
 * reason is written where it is asked for, in forms read back here: an ended order's
 * 'cancelled by buyer: <note>' (cancel.ts), a problem's 'problem <id>: <note>' (trust's problem
 * desk), and support's by hand, which is its note entire.
 */
export function refundReason(
  refund: Pick<SettledRefund, 'maker' | 'reason'>,
  cancelReason: CancelReason | null,
): { reasonCode: RefundReason; note: string | null } {
  switch (refund.maker) {
    case 'owed':
      return { reasonCode: (cancelReason && ENDED[cancelReason]) || 'order_ended', note: after(refund.reason, /^cancelled by (buyer|support): /) }
    case 'problem':
      return { reasonCode: 'problem', note: after(refund.reason, /^problem [^:]+: /) }
    case 'dashboard':
      return { reasonCode: 'support', note: null }
    case 'support':
      return { reasonCode: 'support', note: refund.reason }
  }
}
