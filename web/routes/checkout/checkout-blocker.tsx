import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { ButtonLink } from '../../ui/button'
import type { CheckoutBlocker } from './checkout-failure'

const FIX: Record<CheckoutBlocker['kind'], { to: '/phone-verification' | '/profile-complete' | '/profile'; label: MessageDescriptor }> = {
  phone: { to: '/phone-verification', label: msg`Verify Phone Number` },
  'profile-incomplete': { to: '/profile-complete', label: msg`Complete Profile` },
  'not-a-buyer': { to: '/profile', label: msg`Edit Profile` },
  'too-far': { to: '/profile', label: msg`Update Profile Address` },
}

/** Why the order cannot go through from here, and the way to where it can be fixed. */
export function CheckoutBlockerNotice({ blocker }: { blocker: CheckoutBlocker }) {
  const { i18n } = useLingui()
  const fix = FIX[blocker.kind]
  return (
    <div className="form-notice form-notice--error checkout-blocker" role="alert">
      <p className="checkout-blocker__title">{blocker.title}</p>
      <p className="checkout-blocker__message">{blocker.message}</p>
      <ButtonLink to={fix.to} size="small">
        {i18n._(fix.label)}
      </ButtonLink>
    </div>
  )
}
