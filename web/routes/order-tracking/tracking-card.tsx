import type { ReactNode } from 'react'
import { TitledCard } from '../../ui/card'

/** One card of the tracking screen: a region named by its heading, then what it shows. */
export function TrackingCard({ title, className = 'stack tracking-card', children }: { title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <TitledCard compact className={className} title={title} headingClassName="tracking-card__heading">
      {children}
    </TitledCard>
  )
}
