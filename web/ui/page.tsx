import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon } from './icon'

type PageProps = {
  /** The screen's heading. Left out where the screen's own header holds it beside more (a badge, a line under it). */
  title?: ReactNode
  /** A text link above everything, back to the screen this one was reached from. */
  back?: LinkProps & { label: string }
  /** The home screens: their sections further apart. */
  roomy?: boolean
  /** The buyer's home: room for its cards two to a row. */
  wide?: boolean
  /** The screen's own class, for what it lays out inside. */
  className?: string
  children: ReactNode
}

/**
 * A screen under the app's top bar and tabs (home, search, orders, notifications): its title, then
 * its cards one under another, no wider than reads well.
 */
export function Page({ title, back, roomy, wide, className, children }: PageProps) {
  const classes = ['page', roomy && 'page--roomy', wide && 'page--wide', className].filter(Boolean).join(' ')
  return (
    <div className={classes}>
      {back && <BackLink {...back} />}
      {title && <h1 className="page__title">{title}</h1>}
      {children}
    </div>
  )
}

function BackLink({ label, ...link }: LinkProps & { label: string }) {
  return (
    <Link {...link} className="text-link page__back">
      <Icon name="arrowLeft" className="icon icon--small" />
      {label}
    </Link>
  )
}
