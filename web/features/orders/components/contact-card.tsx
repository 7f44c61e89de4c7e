import { type ReactNode, useId } from 'react'
import { Card } from '../../../ui/card'
import { IconTile } from '../../../ui/icon'
import type { IconName } from '../../../ui/icon-paths'

type ContactCardProps = {
  title: string
  icon: IconName
  /** Beside the icon: ContactLines, as a rule. */
  children: ReactNode
  /** Under the row, such as the delivery instructions. */
  footer?: ReactNode
}

/** A card about one party to an order (the store, the customer, the runner): its icon beside who or where it is and how to call. */
export function ContactCard({ title, icon, children, footer }: ContactCardProps) {
  const headingId = useId()
  return (
    <Card className="order-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="kicker">
        {title}
      </h2>
      <div className="row">
        <IconTile name={icon} className="order-card__icon" />
        {children}
      </div>
      {footer}
    </Card>
  )
}

/** Who or where, the line under it, the phone link when there is a number to call, and the link to the place in Maps where the screen offers one. */
export function ContactLines({ name, line, phone, map }: { name: string; line: string; phone?: ReactNode; map?: ReactNode }) {
  return (
    <div className="text-stack">
      <p className="card__name">{name}</p>
      <p className="meta">{line}</p>
      {phone}
      {map}
    </div>
  )
}
