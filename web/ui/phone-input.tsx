import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react'
import { formatUsPhone } from '../../modules/shared/contract'
import { Field } from './form'

const MAX_DIGITS = 10
/** '(XXX) XXX-XXXX' */
const MAX_LENGTH = 14

const digitsIn = (text: string) => text.replace(/\D/g, '')

/** Where the caret goes so that `count` digits stand before it in the formatted text. */
function caretAfterDigits(formatted: string, count: number): number {
  if (count === 0) return formatted.startsWith('(') ? 1 : 0
  let seen = 0
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]!) && ++seen === count) return index + 1
  }
  return formatted.length
}

type PhoneFieldProps = {
  label: string
  /** Digits only, at most 10. */
  digits: string
  onDigitsChange: (digits: string) => void
  error?: string
  autoFocus?: boolean
  disabled?: boolean
}

/**
 * The US phone input of spec 000 §2: shows (XXX) XXX-XXXX as you type, keeps only digits (at
 * most 10) as its value, and Backspace after a bracket, space or dash removes the digit before it.
 */
export function PhoneField({ label, digits, onDigitsChange, error, autoFocus, disabled }: PhoneFieldProps) {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const caretDigits = useRef<number | null>(null)
  const formatted = formatUsPhone(digits)

  useLayoutEffect(() => {
    const element = input.current
    if (element && caretDigits.current !== null && document.activeElement === element) {
      const caret = caretAfterDigits(formatted, caretDigits.current)
      element.setSelectionRange(caret, caret)
    }
    caretDigits.current = null
  }, [formatted])

  const change = (next: string, digitsBeforeCaret: number) => {
    caretDigits.current = Math.min(digitsBeforeCaret, next.length)
    onDigitsChange(next)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const element = event.currentTarget
    const caret = element.selectionStart ?? 0
    if (event.key !== 'Backspace' || caret !== element.selectionEnd || caret === 0) return
    if (/\d/.test(element.value[caret - 1]!)) return
    // Skip the formatting characters and remove the digit before them.
    const before = digitsIn(element.value.slice(0, caret)).length
    if (before === 0) return
    event.preventDefault()
    change(digits.slice(0, before - 1) + digits.slice(before), before - 1)
  }

  return (
    <Field label={label} error={error} hint={t`US phone numbers only`}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={input}
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 555-5555"
          maxLength={MAX_LENGTH}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          autoFocus={autoFocus}
          disabled={disabled}
          value={formatted}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const element = event.target
            const caret = element.selectionStart ?? element.value.length
            let next = digitsIn(element.value)
            // A pasted +1 or 1-prefixed number keeps its 10 national digits.
            if (next.length > MAX_DIGITS && next.startsWith('1')) next = next.slice(1)
            change(next.slice(0, MAX_DIGITS), digitsIn(element.value.slice(0, caret)).length)
          }}
        />
      )}
    </Field>
  )
}
