import { type ReactNode, useId } from 'react'
import { Card } from '../../ui/card'

/** One card of the tracking screen: a region named by its heading, then what it shows. */
export function TrackingCard({ title, className = 'stack tracking-card', children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <Card compact className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className="tracking-card__heading">
        {title}
      </h2>
      {children}
    </Card>
  )
}
