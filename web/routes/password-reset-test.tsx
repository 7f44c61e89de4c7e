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
        <h1>Password Reset Routing Test</h1>
        <p>These links open the password reset screen through the app's router.</p>
      </div>
      <p className="form-notice form-notice--success" role="status">
        Routing works: the app rendered this page at <code className="nowrap">{pathname}</code>.
      </p>
      <ul className="stack stack--loose routing-test">
        <li>
          <ButtonLink to="/password-reset" block>
            Open the reset request
          </ButtonLink>
          <p>
            <code>/password-reset</code> starts at the request step.
          </p>
        </li>
        <li>
          <ButtonLink to="/password-reset" search={{ resetToken: SAMPLE_TOKEN }} block>
            Open with a reset token
          </ButtonLink>
          <p>
            <code>/password-reset?resetToken={SAMPLE_TOKEN}</code> jumps straight to the confirm step.
          </p>
        </li>
      </ul>
    </AuthLayout>
  )
}
