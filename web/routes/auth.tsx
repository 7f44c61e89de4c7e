import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { BRAND_NAME } from '../../modules/shared/contract'
import { StateFallback } from '../app/app-shell'
import { AuthLayout } from '../features/accounts/components/auth-layout'
import { useCurrentUser } from '../lib/current-user'
import { type AuthTab, AuthTabs } from './auth/auth-tabs'
import { LoginForm } from './auth/login-form'
import { PhoneVerified } from './auth/phone-verified'
import { SignUpForm } from './auth/sign-up-form'

/** /auth (spec 000 §2): the 'Login' and 'Sign Up' tabs. */
export function AuthPage() {
  return <AuthScreen initialTab="login" />
}

/** /register: the same screen, opened on 'Sign Up'. */
export function RegisterPage() {
  return <AuthScreen initialTab="signup" />
}

function AuthScreen({ initialTab }: { initialTab: AuthTab }) {
  const user = useCurrentUser().data?.user
  // While a form here signs someone in, the refreshed user must not swap the form for the
  // signed-in views below: the form's own redirect follows.
  const [signingIn, setSigningIn] = useState(false)

  // Only a phone a code proved counts here: one the captcha fallback kept is on file, not verified.
  if (user && !signingIn) return user.phoneStatus === 'verified' ? <PhoneVerified firstName={user.firstName} /> : <StateFallback />

  return (
    <AuthLayout>
      <h1 className="visually-hidden">
        <Trans>Sign in to {BRAND_NAME}</Trans>
      </h1>
      <AuthTabs
        initialTab={initialTab}
        panels={{
          login: <LoginForm onSigningIn={setSigningIn} />,
          signup: (
            <>
              <SignUpForm onSigningIn={setSigningIn} />
              <p className="auth-card__alternative">
                <Trans>
                  Prefer to verify your phone right away?{' '}
                  <Link to="/signup-verification" className="text-link">
                    Sign up with phone verification
                  </Link>
                </Trans>
              </p>
            </>
          ),
        }}
      />
    </AuthLayout>
  )
}
