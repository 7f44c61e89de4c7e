import { Link } from '@tanstack/react-router'

/**
 * An accept refused with 409 PAYOUTS_NOT_ENABLED: the groceries of that order are paid in the
 * app and paid back to the runner through payouts, so these must be set up first. The server's
 * words, and the way there.
 */
export function PayoutsNeeded({ message }: { message: string }) {
  return (
    <div className="stack stack--snug stack--start runner-notice" role="alert">
      <p className="runner-notice__title">Set up payouts to accept this order</p>
      <p>{message}</p>
      <Link to="/payouts/onboarding" className="button button--primary button--small">
        Set Up Payouts
      </Link>
    </div>
  )
}
