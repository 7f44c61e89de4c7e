import { useEffect, useRef } from 'react'
import { Spinner } from '../../ui/loading-screen'
import { StatusMark } from '../../ui/status-mark'

/** 'Verification Complete' (spec 000 §2), shown while the redirect to profile completion waits. */
export function VerifiedState({ phone }: { phone: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="stack stack--centred auth-status">
      <StatusMark />
      <h1 ref={heading} tabIndex={-1}>
        Verification Complete
      </h1>
      <p role="status">
        <span className="nowrap">{phone}</span> is verified. Taking you to your profile...
      </p>
      <Spinner />
    </div>
  )
}
