import type { ReactNode } from 'react'

/** The screen's next step (View Cart, Place Order, Mark as Delivered), kept along the bottom of a phone's screen; className places it on wider ones. */
export function ActionBar({ className, children }: { className: string; children: ReactNode }) {
  return <div className={`action-bar ${className}`}>{children}</div>
}
