import type { ReactNode } from 'react'

export type BadgeTone = 'saffron' | 'primary' | 'success' | 'danger' | 'muted'

type BadgeProps = { tone?: BadgeTone; as?: 'span' | 'p' | 'li'; className?: string; children: ReactNode }

/** A short word in a pill, coloured by what it says. */
export function Badge({ tone = 'saffron', as: Tag = 'span', className, children }: BadgeProps) {
  const classes = ['badge', tone !== 'saffron' && `badge--${tone}`, className].filter(Boolean).join(' ')
  return <Tag className={classes}>{children}</Tag>
}
