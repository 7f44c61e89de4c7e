import { beforeEach, describe, expect, mock, test } from 'bun:test'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { type ReactNode, useEffect } from 'react'
import { LanguageProvider } from '../../../i18n/language-provider'
import { createQueryClient } from '../../../query-client'
import { fakeApi } from '../../../testing/fake-api'
import { type CardConfirmer, CardPaymentError } from '../card-confirmer'
import { CardEntry } from './card-entry'

// Stripe cannot be reached from tests: both of its modules are stood in for. CardEntry imports
// them only on demand, so these mocks are what it gets.
const cardElement = { focus: mock(() => {}) }
const confirmCardPayment = mock(
  async (_clientSecret: string, _data: unknown): Promise<unknown> => ({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } }),
)
const loadStripe = mock(async (_key: string) => ({ confirmCardPayment }))
mock.module('@stripe/stripe-js', () => ({ loadStripe }))
mock.module('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  useStripe: () => ({ confirmCardPayment }),
  useElements: () => ({ getElement: () => cardElement }),
  CardElement: ({ onReady, onChange }: { onReady: () => void; onChange: (event: { complete: boolean; error?: { message: string } }) => void }) => {
    // biome-ignore lint/correctness/useExhaustiveDependencies: like Stripe's element, it is ready once, when it mounts
    useEffect(() => onReady(), [])
    return (
      <>
        <button type="button" onClick={() => onChange({ complete: true })}>
          Type a whole card
        </button>
        <button type="button" onClick={() => onChange({ complete: false, error: { message: 'Your card number is invalid.' } })}>
          Type a bad card
        </button>
      </>
    )
  },
}))

beforeEach(() => {
  loadStripe.mockClear()
  confirmCardPayment.mockClear()
})

/** CardEntry with its confirmer at hand, as checkout holds it. */
function renderCardEntry(config: { gateway: 'embedded' | 'stripe'; publishableKey: string | null }) {
  fakeApi({ 'GET /api/payments/config': () => [200, config] })
  const confirmerRef: { current: CardConfirmer | null } = { current: null }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CardEntry confirmerRef={confirmerRef} disabled={false} />
    </QueryClientProvider>,
    { wrapper: LanguageProvider },
  )
  return confirmerRef
}

describe('CardEntry chooses the card form from GET /api/payments/config', () => {
  test('the embedded gateway: its own form, and Stripe is never loaded', async () => {
    renderCardEntry({ gateway: 'embedded', publishableKey: null })
    expect(await screen.findByLabelText('Card number')).toBeDefined()
    expect(screen.getByRole('button', { name: /^4242 4242 4242 4242/ })).toBeDefined()
    expect(loadStripe).not.toHaveBeenCalled()
  })

  test('Stripe: Elements with the publishable key, and the test cards listed (not tappable) for a test key', async () => {
    renderCardEntry({ gateway: 'stripe', publishableKey: 'pk_test_123' })
    expect(await screen.findByRole('button', { name: 'Type a whole card' })).toBeDefined()
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123')
    expect(screen.queryByLabelText('Card number')).toBeNull()
    expect(screen.getByText('4242 4242 4242 4242')).toBeDefined()
    expect(screen.queryByRole('button', { name: /^4242/ })).toBeNull()
  })

  test('Stripe with a live key lists no test cards', async () => {
    renderCardEntry({ gateway: 'stripe', publishableKey: 'pk_live_123' })
    await screen.findByRole('button', { name: 'Type a whole card' })
    expect(screen.queryByText('4242 4242 4242 4242')).toBeNull()
  })

  test('Stripe: an incomplete card is stopped before anything is sent; a whole one is confirmed with confirmCardPayment and the card element', async () => {
    const confirmer = renderCardEntry({ gateway: 'stripe', publishableKey: 'pk_test_123' })
    await screen.findByRole('button', { name: 'Type a whole card' })
    await waitFor(() => expect(confirmer.current).not.toBeNull())
    act(() => expect(confirmer.current!.check()).toBe(false))
    expect(screen.getByRole('alert').textContent).toBe('Your card details are incomplete.')

    fireEvent.click(screen.getByRole('button', { name: 'Type a whole card' }))
    await waitFor(() => expect(confirmer.current!.check()).toBe(true))
    await act(() => confirmer.current!.confirm('pi_1_secret_2'))
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', { payment_method: { card: cardElement } })
  })

  test("Stripe: a decline becomes a CardPaymentError with Stripe's message; an intent past confirming asks for a new one", async () => {
    const confirmer = renderCardEntry({ gateway: 'stripe', publishableKey: 'pk_test_123' })
    fireEvent.click(await screen.findByRole('button', { name: 'Type a whole card' }))
    await waitFor(() => expect(confirmer.current?.check()).toBe(true))

    confirmCardPayment.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' } })
    const declined = await act(() => confirmer.current!.confirm('pi_1_secret_2').catch((error: unknown) => error))
    expect(declined).toBeInstanceOf(CardPaymentError)
    expect((declined as CardPaymentError).message).toBe('Your card has insufficient funds.')
    expect((declined as CardPaymentError).intentUnusable).toBe(false)
    // Beside the toast the checkout shows, the field says why.
    expect((await screen.findByRole('alert')).textContent).toBe('Your card has insufficient funds.')

    confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'canceled', payment_intent: { status: 'canceled' } },
    })
    const ended = (await act(() => confirmer.current!.confirm('pi_1_secret_2').catch((error: unknown) => error))) as CardPaymentError
    expect(ended.intentUnusable).toBe(true)

    // Confirmed already (the answer was lost, then a retry): the hold stands, so it counts as authorized.
    confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', payment_intent: { status: 'requires_capture' } },
    })
    await act(() => confirmer.current!.confirm('pi_1_secret_2'))
  })

  test('Stripe: a second intent (the grocery hold) is confirmed with the card the first saved, by its id; its decline is a CardPaymentError', async () => {
    const confirmer = renderCardEntry({ gateway: 'stripe', publishableKey: 'pk_test_123' })
    fireEvent.click(await screen.findByRole('button', { name: 'Type a whole card' }))
    await waitFor(() => expect(confirmer.current?.check()).toBe(true))
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'requires_capture', payment_method: 'pm_saved' } })
    await act(() => confirmer.current!.confirm('pi_1_secret_2'))

    await confirmer.current!.confirmAgain('pi_groceries_secret_3')
    expect(confirmCardPayment).toHaveBeenLastCalledWith('pi_groceries_secret_3', { payment_method: 'pm_saved' })
    confirmCardPayment.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' } })
    const declined = await confirmer.current!.confirmAgain('pi_groceries_secret_3').catch((error: unknown) => error)
    expect(declined).toBeInstanceOf(CardPaymentError)
    expect((declined as CardPaymentError).message).toBe('Your card has insufficient funds.')
  })

  test("Stripe's own field errors show under the field", async () => {
    renderCardEntry({ gateway: 'stripe', publishableKey: 'pk_test_123' })
    fireEvent.click(await screen.findByRole('button', { name: 'Type a bad card' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is invalid.')
  })
})
