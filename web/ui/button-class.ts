/*
 * Kept apart from ./button, which imports the router for ButtonLink: the landing's own page
 * styles its links with these classes and must not pull the router into its first paint.
 */

/** How a button looks: outlined unless a variant says otherwise, sized by its place. */
export type ButtonLook = {
  /** Primary for the step forward, danger for what loses something, ghost for a quiet aside. */
  variant?: 'primary' | 'danger' | 'ghost'
  size?: 'small' | 'large'
  /** As wide as its container: the one action at the foot of a phone screen. */
  block?: boolean
}

/** The button's classes, for a link component of a caller's own (the landing's, which runs without the router). */
export function buttonClassName({ variant, size, block }: ButtonLook, className?: string) {
  return ['button', variant && `button--${variant}`, size && `button--${size}`, block && 'button--block', className].filter(Boolean).join(' ')
}
