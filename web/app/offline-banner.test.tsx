import { afterEach, expect, test } from 'bun:test'
import { onlineManager } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { LanguageProvider } from '../i18n/language-provider'
import { OfflineBanner } from './offline-banner'

afterEach(() => {
  onlineManager.setOnline(true)
})

test("the status region says 'You're offline.' while the network is gone, and nothing once it is back", () => {
  render(<OfflineBanner />, { wrapper: LanguageProvider })
  const status = screen.getByRole('status')
  expect(status.textContent).toBe('')
  act(() => onlineManager.setOnline(false))
  expect(status.textContent).toBe("You're offline. Showing what was saved on this device.")
  act(() => onlineManager.setOnline(true))
  expect(status.textContent).toBe('')
})
