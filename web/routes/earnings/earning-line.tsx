import { Link } from '@tanstack/react-router'
import { shortOrderId } from '../../../modules/orders/contract'
import type { PayoutLine } from '../../../modules/payouts/contract'
import { formatCents } from '../../../modules/shared/contract'
import { formatOrderDate } from '../../features/orders/order-figures'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { Badge, type BadgeTone } from '../../ui/status-badge'

const TONE: Record<PayoutLine['status'], BadgeTone> = {
  pending: 'saffron',
  held: 'danger',
  available: 'primary',
  in_transit: 'primary',
  returned: 'danger',
  paid: 'success',
}

/** What each kind of line is called, and the moment it was written: a delivery's, or the grocery charge's. */
const KIND_WORDS: Record<PayoutLine['kind'], { title: string; when: string }> = {
  delivery: { title: 'Delivery', when: 'Delivered' },
  groceries: { title: 'Groceries paid back', when: 'Charged' },
}

/** Where the line's money stands, with the moment that matters: when it comes free, or when it went. */
function statusWords(line: PayoutLine, now: number): string {
  switch (line.status) {
    case 'pending':
      return `Pending until ${formatMoment(line.availableAt, now)}`
    case 'held':
      return 'Held: problem open'
    case 'available':
      return 'Available'
    case 'in_transit':
      return 'On its way to your bank'
    case 'returned':
      return 'Returned by your bank'
    case 'paid':
      return line.bankPaidAt ? `Paid ${formatMoment(line.bankPaidAt, now)}` : 'Paid'
  }
}

/**
 * One line of earnings (a delivery's, or the groceries of an order paid by card, paid back): its order (a link to it), what it earns, where the money stands, what
 * a refund took back, that a transfer the gateway refused is coming soon (its cause is support's, never shown here), a payout the bank sent back (and whether it was
 * sent again) and, once sent, the transfer.
 */
export function EarningLine({ line }: { line: PayoutLine }) {
  const now = useClock().now()
  const words = KIND_WORDS[line.kind]
  const title = `${words.title} #${shortOrderId(line.orderId)}`
  return (
    <article className="earning-line" aria-label={title}>
      <Link to="/orders/$id" params={{ id: line.orderId }} search={{ from: 'earnings' }} className="text-link earning-line__order">
        {title}
      </Link>
      <p className="earning-line__amount">{formatCents(line.amountCents)}</p>
      <p className="meta meta--small earning-line__when">
        {words.when} <time dateTime={line.createdAt}>{formatOrderDate(line.createdAt)}</time>
      </p>
      <Badge tone={TONE[line.status]} className="earning-line__status">
        {statusWords(line, now)}
      </Badge>
      {line.reversedCents > 0 && (
        <p className="earning-line__note earning-line__note--reversed">
          {formatCents(line.reversedCents)} taken back after a refund; you keep {formatCents(line.amountCents - line.reversedCents)}
        </p>
      )}
      {line.status === 'available' && line.lastAttemptRefused && <p className="earning-line__note earning-line__note--soon">We're sending this soon.</p>}
      {line.returnedAt && line.status === 'returned' && (
        <p className="earning-line__note earning-line__note--error">
          Your bank sent it back on {formatOrderDate(line.returnedAt)}: {line.returnReason}. It goes out again with the next payout once you update your payout
          details.
        </p>
      )}
      {line.returnedAt && line.status === 'paid' && (
        <p className="earning-line__note">
          Your bank sent it back on {formatOrderDate(line.returnedAt)} ({line.returnReason}); it was sent again to your new bank account.
        </p>
      )}
      {line.status === 'in_transit' && line.paidAt && (
        <p className="earning-line__note">Sent {formatMoment(line.paidAt, now)}. Your bank usually shows it within two business days.</p>
      )}
      {line.transferId && (
        <p className="meta meta--small earning-line__transfer">
          Transfer <span className="earning-line__transfer-id">{line.transferId}</span>
        </p>
      )}
    </article>
  )
}
