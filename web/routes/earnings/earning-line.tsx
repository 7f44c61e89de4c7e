import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { shortOrderId } from '../../../modules/orders/contract'
import type { PayoutLine } from '../../../modules/payouts/contract'
import { formatCents } from '../../../modules/shared/contract'
import { formatOrderDate } from '../../features/orders/order-figures'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { Badge, type BadgeTone } from '../../ui/status-badge'
import { returnWords } from './payout-reasons'

const TONE: Record<PayoutLine['status'], BadgeTone> = {
  pending: 'saffron',
  held: 'danger',
  available: 'primary',
  in_transit: 'primary',
  returned: 'danger',
  paid: 'success',
}

/** What each kind of line is called, by its order's number: a delivery's, or the groceries paid back. */
function lineTitle(i18n: I18n, line: PayoutLine): string {
  const orderNumber = shortOrderId(line.orderId)
  return line.kind === 'delivery' ? i18n._(msg`Delivery #${orderNumber}`) : i18n._(msg`Groceries paid back #${orderNumber}`)
}

/** Where the line's money stands, with the moment that matters: when it comes free, or when it went. */
function statusWords(i18n: I18n, line: PayoutLine, now: number): string {
  switch (line.status) {
    case 'pending': {
      const moment = formatMoment(line.availableAt, now)
      return i18n._(msg`Pending until ${moment}`)
    }
    case 'held':
      return i18n._(msg`Held: problem open`)
    case 'available':
      return i18n._(msg`Available`)
    case 'in_transit':
      return i18n._(msg`On its way to your bank`)
    case 'returned':
      return i18n._(msg`Returned by your bank`)
    case 'paid': {
      if (!line.bankPaidAt) return i18n._(msg`Paid`)
      const moment = formatMoment(line.bankPaidAt, now)
      return i18n._(msg`Paid ${moment}`)
    }
  }
}

/**
 * One line of earnings (a delivery's, or the groceries of an order paid by card, paid back): its order (a link to it), what it earns, where the money stands, what
 * a refund took back, that a transfer the gateway refused is coming soon (its cause is support's, never shown here), a payout the bank sent back (and whether it was
 * sent again) and, once sent, the transfer.
 */
export function EarningLine({ line }: { line: PayoutLine }) {
  const { i18n } = useLingui()
  const now = useClock().now()
  const title = lineTitle(i18n, line)
  const written = formatOrderDate(line.createdAt)
  const returned = line.returnedAt && formatOrderDate(line.returnedAt)
  const reason = returnWords(i18n, line)
  const reversed = formatCents(line.reversedCents)
  const kept = formatCents(line.amountCents - line.reversedCents)
  const sent = line.paidAt && formatMoment(line.paidAt, now)
  const transferId = line.transferId
  return (
    <article className="earning-line" aria-label={title}>
      <Link to="/orders/$id" params={{ id: line.orderId }} search={{ from: 'earnings' }} className="text-link earning-line__order">
        {title}
      </Link>
      <p className="earning-line__amount">{formatCents(line.amountCents)}</p>
      <p className="meta meta--small earning-line__when">
        {line.kind === 'delivery' ? (
          <Trans>
            Delivered <time dateTime={line.createdAt}>{written}</time>
          </Trans>
        ) : (
          <Trans>
            Charged <time dateTime={line.createdAt}>{written}</time>
          </Trans>
        )}
      </p>
      <Badge tone={TONE[line.status]} className="earning-line__status">
        {statusWords(i18n, line, now)}
      </Badge>
      {line.reversedCents > 0 && (
        <p className="earning-line__note earning-line__note--reversed">
          <Trans>
            {reversed} taken back after a refund; you keep {kept}
          </Trans>
        </p>
      )}
      {line.status === 'available' && line.lastAttemptRefused && (
        <p className="earning-line__note earning-line__note--soon">
          <Trans>We're sending this soon.</Trans>
        </p>
      )}
      {returned && line.status === 'returned' && (
        <p className="earning-line__note earning-line__note--error">
          <Trans>
            Your bank sent it back on {returned}: {reason}. It goes out again with the next payout once you update your payout details.
          </Trans>
        </p>
      )}
      {returned && line.status === 'paid' && (
        <p className="earning-line__note">
          <Trans>
            Your bank sent it back on {returned} ({reason}); it was sent again to your new bank account.
          </Trans>
        </p>
      )}
      {line.status === 'in_transit' && sent && (
        <p className="earning-line__note">
          <Trans>Sent {sent}. Your bank usually shows it within two business days.</Trans>
        </p>
      )}
      {transferId && (
        <p className="meta meta--small earning-line__transfer">
          <Trans>
            Transfer <span className="earning-line__transfer-id">{transferId}</span>
          </Trans>
        </p>
      )}
    </article>
  )
}
