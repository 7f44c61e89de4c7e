import type { OrderItemView } from '../../../../modules/orders/contract'

type Substitution = NonNullable<OrderItemView['substitution']>

const STATUS_TEXT: Record<Substitution['status'], (waitingOn: string) => string> = {
  proposed: (waitingOn) => `Waiting for ${waitingOn} to answer`,
  approved: () => 'Approved',
  rejected: () => 'Rejected',
}

/** The runner's replacement for a line, with its price and note, and where the buyer's answer stands. */
export function ReplacementNote({ substitution, waitingOn }: { substitution: Substitution; waitingOn: string }) {
  return (
    <span className={`replacement-note replacement-note--${substitution.status}`}>
      <span>
        Replacement: <strong>{substitution.name}</strong>
        {substitution.price !== null && ` · $${substitution.price}`}
      </span>
      {substitution.note && <span className="replacement-note__note">“{substitution.note}”</span>}
      <span className="replacement-note__status">{STATUS_TEXT[substitution.status](waitingOn)}</span>
    </span>
  )
}
