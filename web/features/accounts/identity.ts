import { t } from '@lingui/core/macro'

type Named = { firstName: string | null; lastName: string | null; email: string | null }

/** Spec 001 §2: the name, else the part of the e-mail before the at sign, else 'User' in the language on screen. */
export function displayName({ firstName, lastName, email }: Named): string {
  return (
    [firstName, lastName].filter(Boolean).join(' ').trim() ||
    email?.split('@')[0] ||
    t({ comment: 'Shown for someone who gave neither a name nor an email', message: 'User' })
  )
}

/** Up to two letters for the avatar: first and last name, else the start of the display name. */
export function initials(user: Named): string {
  const fromNames = [user.firstName, user.lastName].map((name) => name?.trim().charAt(0) ?? '').join('')
  return (fromNames || displayName(user).charAt(0)).toUpperCase()
}

/** Where someone starts once their profile is complete: runners who do not shop start on their dashboard. */
export const homePath = (roles: readonly string[]): '/' | '/runner' => (roles.includes('runner') && !roles.includes('buyer') ? '/runner' : '/')
