import { describe, expect, mock, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import { MESSAGES } from '../../../../modules/verification/contract'
import { LanguageProvider } from '../../../i18n/language-provider'
import { clockAtom } from '../../../lib/clock'
import { type ManualClock, manualClock } from '../../../testing/manual-clock'
import { button } from '../../../testing/screen-queries'
import { Toaster } from '../../../ui/toast'
import { CodeStep } from './code-step'

function renderStep(overrides: Partial<Parameters<typeof CodeStep>[0]> = {}, clock: ManualClock = manualClock()) {
  const store = createStore()
  store.set(clockAtom, clock)
  const props = {
    phone: '(732) 555-0101',
    sentAt: clock.now(),
    verifying: false,
    resending: false,
    onVerify: mock(async (_code: string): Promise<string | null> => null),
    onResend: mock(() => {}),
    onChangePhone: mock(() => {}),
    ...overrides,
  }
  render(
    <JotaiProvider store={store}>
      <CodeStep {...props} />
      <Toaster />
    </JotaiProvider>,
    { wrapper: LanguageProvider },
  )
  return { ...props, clock }
}

const codeInput = () => screen.getByLabelText<HTMLInputElement>('Verification code')
const type = (text: string) => fireEvent.change(codeInput(), { target: { value: text } })

describe('CodeStep', () => {
  test('keeps only digits, at most six, and enables Verify only when all six are there', () => {
    renderStep()
    expect(button('Verify').disabled).toBe(true)

    type('12a-3 4')
    expect(codeInput().value).toBe('1234')
    expect(button('Verify').disabled).toBe(true)

    type('123456')
    expect(button('Verify').disabled).toBe(false)

    type('1234567')
    expect(codeInput().value).toBe('123456')
  })

  test('the input asks phones for a numeric keypad and offers the one-time code', () => {
    renderStep()
    expect(codeInput().inputMode).toBe('numeric')
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code')
    expect(codeInput().maxLength).toBe(6)
    expect(screen.getByText('(732) 555-0101').tagName).toBe('STRONG')
  })

  test('Verify sends the code; a refusal shows under the field until the code is edited', async () => {
    const { onVerify } = renderStep({ onVerify: mock(async () => MESSAGES.invalidCode) })
    type('654321')
    fireEvent.click(button('Verify'))

    expect(onVerify).toHaveBeenCalledWith('654321')
    await screen.findByText(MESSAGES.invalidCode)
    expect(codeInput().getAttribute('aria-invalid')).toBe('true')

    type('12345')
    expect(screen.queryByText(MESSAGES.invalidCode)).toBeNull()
    expect(codeInput().getAttribute('aria-invalid')).toBe('false')
  })

  test('Enter with fewer than six digits says what is missing', async () => {
    const { onVerify } = renderStep()
    type('123')
    fireEvent.keyDown(codeInput(), { key: 'Enter' })
    await screen.findByText('Invalid Code')
    screen.getByText(MESSAGES.enterCode)
    expect(onVerify).not.toHaveBeenCalled()
  })

  test('Resend Code waits out the 60 s countdown, then is enabled and announced', () => {
    const { clock, onResend } = renderStep()
    expect(button('Resend Code').disabled).toBe(true)
    screen.getByText('You can resend the code in 60s.')

    clock.advance(30_000)
    screen.getByText('You can resend the code in 30s.')
    clock.advance(29_500)
    screen.getByText('You can resend the code in 1s.')
    expect(button('Resend Code').disabled).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('')

    clock.advance(500)
    expect(button('Resend Code').disabled).toBe(false)
    expect(screen.queryByText(/You can resend the code in/)).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('You can resend the code now.')
    fireEvent.click(button('Resend Code'))
    expect(onResend).toHaveBeenCalledTimes(1)
  })

  test('a code sent long ago can be resent at once; resending disables the button again', () => {
    const clock = manualClock()
    renderStep({ sentAt: clock.now() - 61_000 }, clock)
    expect(button('Resend Code').disabled).toBe(false)
    cleanup()
    renderStep({ sentAt: clock.now() - 61_000, resending: true }, clock)
    expect(button('Resend Code').disabled).toBe(true)
  })

  test("'Change Phone Number' goes back to the number", () => {
    const { onChangePhone } = renderStep()
    fireEvent.click(button('Change Phone Number'))
    expect(onChangePhone).toHaveBeenCalledTimes(1)
  })

  test('while verifying, Verify is disabled and says so', async () => {
    renderStep({ verifying: true })
    type('123456')
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verifying...' }).disabled).toBe(true))
  })
})
