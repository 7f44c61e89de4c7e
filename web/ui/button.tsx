import { createLink } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'
import { type ButtonLook, buttonClassName } from './button-class'

export { buttonClassName }

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
