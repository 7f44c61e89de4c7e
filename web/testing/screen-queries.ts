import { expect } from 'bun:test'
import { fireEvent, screen, within } from '@testing-library/react'

/** A button by its accessible name. */
export const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })

/** Types a value into the field with this label, as one change. */
export const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** The toasts on screen, to search within. */
export const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }))

/** The message under a field, found through its aria-describedby as a screen reader would; null when there is none. */
export const errorUnder = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent ?? null

/** The value shown next to a term of a description list (a fact, a sum); undefined when the term has none. */
export const valueFor = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

/** Checks the values next to several terms in one assertion, so a failure shows every term that differs. */
export const expectValues = (expected: Record<string, string>) =>
  expect(Object.fromEntries(Object.keys(expected).map((term) => [term, valueFor(term)]))).toEqual(expected)
