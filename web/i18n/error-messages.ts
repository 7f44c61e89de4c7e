import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { ErrorCode } from '../../modules/shared/contract'
import { ApiError } from '../lib/http'
import { contractMessageText } from './contract-messages'

/**
 * The server's refusals in the reader's language, by their `code`. The server's English `message`
 * stays for API clients and is what shows for a code not listed here yet: a screen converted to a
 * language adds the codes it meets. A message may use the error body's fields by name
 * (`{retryAfterSeconds}`), as the server sends them.
 */
const ERROR_MESSAGES: Partial<Record<ErrorCode, MessageDescriptor>> = {
  EMAIL_TAKEN: msg`An account with this email already exists`,
  PHONE_TAKEN: msg`An account with this phone number already exists`,
  INVALID_CREDENTIALS: msg`Invalid email/phone or password`,
  INVALID_PHONE: msg`Please enter a valid US phone number`,
  RATE_LIMITED: msg`Too many requests. Wait a moment and try again.`,
  UNAUTHORIZED: msg`Please sign in again.`,
  FORBIDDEN: msg`You do not have permission to do that`,
  NOT_FOUND: msg`Not found`,
  SHUTTING_DOWN: msg`The server is restarting; live updates resume in a moment.`,
}

/**
 * What a person should read about a failure, in their language: by code, else the server's words
 * (a contract's field message in the reader's language), else `fallback`.
 */
export function failureText(i18n: I18n, error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body
    const descriptor = body.code ? ERROR_MESSAGES[body.code] : undefined
    if (descriptor) return i18n._({ ...descriptor, values: body })
    if (typeof body.message === 'string') return contractMessageText(i18n, body.message)
    return fallback
  }
  return error instanceof Error && error.message ? error.message : fallback
}

/** `failureText` in the language on screen. */
export function useFailureText() {
  const { i18n } = useLingui()
  return (error: unknown, fallback: string) => failureText(i18n, error, fallback)
}
