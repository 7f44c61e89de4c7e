import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { OrderItemView } from '../../../../modules/orders/contract'

type Substitution = NonNullable<OrderItemView['substitution']>

/** Who the replacement waits on: the buyer reading their own order, or the runner reading the customer's. */
type WaitingOn = 'you' | 'the customer'

const STATUS_TEXT: Record<Substitution['status'], (waitingOn: WaitingOn) => string> = {
  proposed: (waitingOn) => (waitingOn === 'you' ? t`Waiting for you to answer` : t`Waiting for the customer to answer`),
  approved: () => t({ comment: 'A replacement the buyer approved', message: 'Approved' }),
  rejected: () => t({ comment: 'A replacement the buyer rejected', message: 'Rejected' }),
}

/** The runner's replacement for a line, with its price and note, and where the buyer's answer stands. */
export function ReplacementNote({ substitution, waitingOn }: { substitution: Substitution; waitingOn: WaitingOn }) {
  const replacement = substitution.name
  return (
    <span className={`replacement-note replacement-note--${substitution.status}`}>
      <span>
        <Trans>
          Replacement: <strong>{replacement}</strong>
        </Trans>
        {substitution.price !== null && ` · $${substitution.price}`}
      </span>
      {substitution.note && <span className="replacement-note__note">“{substitution.note}”</span>}
      <span className="replacement-note__status">{STATUS_TEXT[substitution.status](waitingOn)}</span>
    </span>
  )
}
