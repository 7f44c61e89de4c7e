import { createLink } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'

/** How a button looks: outlined unless a variant says otherwise, sized by its place. */
type ButtonLook = {
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

type ButtonProps = ButtonLook & ComponentPropsWithRef<'button'> & { type: 'button' | 'submit' }

/** A <button> in the house look; its type is always spelled out, so no button submits a form by accident. */
export function Button({ variant, size, block, className, type, ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...rest} />
}

/** A plain link (a phone number, another site) that looks like a button. */
export function ButtonAnchor({ variant, size, block, className, children, ...rest }: ButtonLook & ComponentPropsWithRef<'a'>) {
  return (
    <a className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {children}
    </a>
  )
}

/** A link to a screen of the app that looks like a button: the router's Link, with its typed `to` and `params`. */
export const ButtonLink = createLink(ButtonAnchor)
