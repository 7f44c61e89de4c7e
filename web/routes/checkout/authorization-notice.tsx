import { RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { Icon } from '../../ui/icon'

/**
 * Spec 001 §2: what happens to the card, said before it is asked for. A scheduled order's 30
 * minutes count from when runners see it, shortly before its window, not from now.
 */
export function AuthorizationNotice({ window }: { window: string | null }) {
  return (
    <aside className="row authorization-notice" aria-labelledby="authorization-notice-title">
      <Icon name="shield" className="icon authorization-notice__icon" />
      <div>
        <p className="authorization-notice__title" id="authorization-notice-title">
          Payment Authorization
        </p>
        <p>
          Your card is authorized now and charged only when a runner accepts your order.{' '}
          {window
            ? `Runners see it shortly before your ${window} window; if none accepts within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes of seeing it, the authorization is cancelled at no cost.`
            : `If no runner accepts within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes, the authorization is cancelled at no cost.`}
        </p>
      </div>
    </aside>
  )
}
