import { Trans, useLingui } from '@lingui/react/macro'
import { RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { Icon } from '../../ui/icon'

/**
 * Spec 001 §2: what happens to the card, said before it is asked for. A scheduled order's 30
 * minutes count from when runners see it, shortly before its window, not from now.
 */
export function AuthorizationNotice({ window }: { window: string | null }) {
  const { t } = useLingui()
  const minutes = RUNNER_ACCEPTANCE_WINDOW_MINUTES
  return (
    <aside className="row authorization-notice" aria-labelledby="authorization-notice-title">
      <Icon name="shield" className="icon authorization-notice__icon" />
      <div>
        <p className="authorization-notice__title" id="authorization-notice-title">
          <Trans>Payment Authorization</Trans>
        </p>
        <p>
          <Trans>Your card is authorized now and charged only when a runner accepts your order.</Trans>{' '}
          {window
            ? t`Runners see it shortly before your ${window} window; if none accepts within ${minutes} minutes of seeing it, the authorization is cancelled at no cost.`
            : t`If no runner accepts within ${minutes} minutes, the authorization is cancelled at no cost.`}
        </p>
      </div>
    </aside>
  )
}
