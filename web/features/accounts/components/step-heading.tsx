import { type ReactNode, useEffect, useRef } from 'react'

/**
 * The title of one step of a multi-step screen. It takes focus when the step opens: the button
 * that led here is gone, and screen readers then announce where the person now is.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  )
}
