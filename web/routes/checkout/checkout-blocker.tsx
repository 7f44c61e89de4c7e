import { Link } from '@tanstack/react-router'
import type { CheckoutBlocker } from './checkout-failure'

const FIX: Record<Exclude<CheckoutBlocker['kind'], 'store-closed'>, { to: '/phone-verification' | '/profile-complete' | '/profile'; label: string }> = {
  phone: { to: '/phone-verification', label: 'Verify Phone Number' },
  'profile-incomplete': { to: '/profile-complete', label: 'Complete Profile' },
  'not-a-buyer': { to: '/profile', label: 'Edit Profile' },
  'too-far': { to: '/profile', label: 'Update Profile Address' },
}

/** Why the order cannot go through from here, and the way to where it can be fixed. */
export function CheckoutBlockerNotice({ blocker, storeId }: { blocker: CheckoutBlocker; storeId: string }) {
  return (
    <div className="form-notice form-notice--error checkout-blocker" role="alert">
      <p className="checkout-blocker__title">{blocker.title}</p>
      <p className="checkout-blocker__message">{blocker.message}</p>
      {blocker.kind === 'store-closed' ? (
        // The cart is where a delivery for later is chosen instead (the store's first free window).
        <Link to="/cart" search={{ storeId }} className="button button--small">
          Back to Cart
        </Link>
      ) : (
        <Link to={FIX[blocker.kind].to} className="button button--small">
          {FIX[blocker.kind].label}
        </Link>
      )}
    </div>
  )
}
