import { useEffect, useRef } from 'react'
import { Spinner } from '../../ui/loading-screen'
import { StatusMark } from '../../ui/status-mark'

/**
 * After the captcha fallback: the number is kept but not verified, so this says 'saved', never
 * 'verified', in the server's words, while the redirect to profile completion waits.
 */
export function SavedState({ phone, message }: { phone: string; message: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="stack stack--centred auth-status">
      <StatusMark icon="phone" pending />
      <h1 ref={heading} tabIndex={-1}>
        Phone Number Saved
      </h1>
      <p className="nowrap">{phone}</p>
      <p className="form-notice form-notice--info saved-state__message" role="status">
        {message}
      </p>
      <p>Taking you to your profile...</p>
      <Spinner />
    </div>
  )
}
