import { useLingui } from '@lingui/react/macro'
import type { OrderItemView, SubstitutionDecision } from '../../../modules/orders/contract'
import { useDecideSubstitution } from '../../features/orders/api/decide-substitution'
import { ApiError } from '../../lib/http'
import { Button } from '../../ui/button'
import { FieldError } from '../../ui/form'

/**
 * The buyer's answer to a replacement waiting on them: one tap each, both held while the answer
 * is on its way. The line moves on when the order comes back (or arrives on the stream).
 */
export function SubstitutionAnswer({ orderId, item }: { orderId: string; item: OrderItemView }) {
  const decide = useDecideSubstitution(orderId, item.id)
  const answer = (decision: SubstitutionDecision) => decide.mutate(decision)
  const { t } = useLingui()
  const replacement = item.substitution?.name ?? t`the replacement`
  const missing = item.name
  return (
    <div className="substitution-answer">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of two buttons, named for the replacement; a fieldset is for form fields */}
      <div className="substitution-answer__buttons" role="group" aria-label={t`Replace ${missing} with ${replacement}?`}>
        <Button type="button" variant="primary" size="small" disabled={decide.isPending} onClick={() => answer('approve')}>
          {decide.isPending && decide.variables === 'approve' ? t`Approving...` : t`Approve`}
        </Button>
        <Button type="button" size="small" disabled={decide.isPending} onClick={() => answer('reject')}>
          {decide.isPending && decide.variables === 'reject' ? t`Rejecting...` : t`Reject`}
        </Button>
      </div>
      {decide.isError && (
        <FieldError>
          {decide.error instanceof ApiError ? decide.error.userMessage : t`Your answer did not go through. Check your connection and try again.`}
        </FieldError>
      )}
    </div>
  )
}
