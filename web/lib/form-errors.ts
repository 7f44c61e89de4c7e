import { i18n } from '@lingui/core'
import type { z } from 'zod'
import { contractMessageText } from '../i18n/contract-messages'
import { ApiError } from './http'

export type FieldErrors = Record<string, string>

/** The first message for each field, as the server's validation reports them, or null when valid. */
export function fieldErrors<T extends z.ZodType>(schema: T, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values)
  if (result.success) return null
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
  return errors
}

/** Field messages the server sent with a refusal, so they show under the right inputs. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? (error.body.errors ?? {}) : {}
}

/**
 * What a toast should say about a failure: the server's message (a contract's field message in the
 * language on screen), else the fallback. Saying it by its code is useFailureText's.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return typeof error.body.message === 'string' ? contractMessageText(i18n, error.body.message) : fallback
  return error instanceof Error && error.message ? error.message : fallback
}
