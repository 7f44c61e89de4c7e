import { describe, expect, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { LanguageProvider } from '../i18n/language-provider'
import { PhoneField } from './phone-input'

function Harness({ initial = '' }: { initial?: string }) {
  const [digits, setDigits] = useState(initial)
  return (
    <>
      <PhoneField label="Phone" digits={digits} onDigitsChange={setDigits} />
      <output data-testid="digits">{digits}</output>
    </>
  )
}

const input = () => screen.getByLabelText('Phone') as HTMLInputElement
const digits = () => screen.getByTestId('digits').textContent

/** Types as a browser would: the new text arrives with the caret after it. */
function typeText(text: string) {
  for (const character of text) {
    const element = input()
    const caret = element.selectionStart ?? element.value.length
    const next = element.value.slice(0, caret) + character + element.value.slice(element.selectionEnd ?? caret)
    element.setSelectionRange(caret + 1, caret + 1)
    fireEvent.change(element, { target: { value: next, selectionStart: caret + 1, selectionEnd: caret + 1 } })
  }
}

function backspace() {
  const element = input()
  const caret = element.selectionStart ?? element.value.length
  const notPrevented = fireEvent.keyDown(element, { key: 'Backspace' })
  if (notPrevented) {
    const next = element.value.slice(0, caret - 1) + element.value.slice(caret)
    element.setSelectionRange(caret - 1, caret - 1)
    fireEvent.change(element, { target: { value: next } })
  }
}

describe('the US phone input', () => {
  test.each([
    ['7', '(7'],
    ['732', '(732'],
    ['7325', '(732) 5'],
    ['732555', '(732) 555'],
    ['7325550123', '(732) 555-0123'],
  ])('shows %s as %s while keeping only digits', (typed, shown) => {
    render(<Harness />, { wrapper: LanguageProvider })
    input().focus()
    typeText(typed)
    expect(input().value).toBe(shown)
    expect(digits()).toBe(typed)
  })

  test('keeps at most 10 digits and 14 characters', () => {
    render(<Harness />, { wrapper: LanguageProvider })
    input().focus()
    typeText('732555012399')
    expect(digits()).toBe('7325550123')
    expect(input().value).toBe('(732) 555-0123')
    expect(input().maxLength).toBe(14)
  })

  test('ignores letters and symbols', () => {
    render(<Harness />, { wrapper: LanguageProvider })
    input().focus()
    typeText('7a3-2b')
    expect(digits()).toBe('732')
  })

  test('a pasted +1 number keeps its 10 national digits', () => {
    render(<Harness />, { wrapper: LanguageProvider })
    fireEvent.change(input(), { target: { value: '+1 (732) 555-0123' } })
    expect(digits()).toBe('7325550123')
  })

  test('Backspace right after the dash removes the digit before it, not the dash', () => {
    render(<Harness initial="7325550" />, { wrapper: LanguageProvider })
    const element = input()
    element.focus()
    expect(element.value).toBe('(732) 555-0')
    element.setSelectionRange(10, 10) // just after '-'
    backspace()
    expect(digits()).toBe('732550')
    expect(element.value).toBe('(732) 550')
  })

  test('Backspace after ") " removes the third digit', () => {
    render(<Harness initial="7325" />, { wrapper: LanguageProvider })
    const element = input()
    element.focus()
    expect(element.value).toBe('(732) 5')
    element.setSelectionRange(6, 6) // after ') '
    backspace()
    expect(digits()).toBe('735')
  })

  test('plain Backspace at the end removes the last digit', () => {
    render(<Harness initial="7325550123" />, { wrapper: LanguageProvider })
    const element = input()
    element.focus()
    element.setSelectionRange(14, 14)
    backspace()
    expect(digits()).toBe('732555012')
    expect(element.value).toBe('(732) 555-012')
  })

  test('says it takes US numbers only, tied to the input', () => {
    render(<Harness />, { wrapper: LanguageProvider })
    const hint = screen.getByText('US phone numbers only')
    expect(input().getAttribute('aria-describedby')).toContain(hint.id)
  })
})
