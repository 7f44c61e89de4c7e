import { Trans } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { AuthLayout } from '../features/accounts/components/auth-layout'
import { ButtonLink } from '../ui/button'

/** Not a real token: the confirm step shows with it, and the server refuses it. */
const SAMPLE_TOKEN = 'sample-reset-token-0123456789abcdef'

/** /password-reset-test (spec 000 §2): proves the router serves the reset screen, with and without a token. */
export function PasswordResetTestPage() {
  const { pathname } = useLocation()
  return (
    <AuthLayout>
      <div className="auth-card__header">
        <h1>
          <Trans>Password Reset Routing Test</Trans>
        </h1>
        <p>
          <Trans>These links open the password reset screen through the app's router.</Trans>
        </p>
      </div>
      <p className="form-notice form-notice--success" role="status">
        <Trans>
          Routing works: the app rendered this page at <code className="nowrap">{pathname}</code>.
        </Trans>
      </p>
      <ul className="stack stack--loose routing-test">
        <li>
          <ButtonLink to="/password-reset" block>
            <Trans>Open the reset request</Trans>
          </ButtonLink>
          <p>
            <Trans>
              <code>/password-reset</code> starts at the request step.
            </Trans>
          </p>
        </li>
        <li>
          <ButtonLink to="/password-reset" search={{ resetToken: SAMPLE_TOKEN }} block>
            <Trans>Open with a reset token</Trans>
          </ButtonLink>
          <p>
            <Trans>
              <code>/password-reset?resetToken={SAMPLE_TOKEN}</code> jumps straight to the confirm step.
            </Trans>
          </p>
        </li>
      </ul>
    </AuthLayout>
  )
}
