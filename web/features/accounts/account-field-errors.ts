import { type FieldErrors, serverFieldErrors } from '../../lib/form-errors'
import { ApiError } from '../../lib/http'

/** The server reports a taken email or phone by its code, without a field; it belongs under that field. */
const CONFLICT_FIELD: Record<string, string> = { EMAIL_TAKEN: 'email', PHONE_TAKEN: 'phone' }

/** Messages for the fields of an account form, from a refused request. */
export function accountFieldErrors(error: unknown): FieldErrors {
  const errors = serverFieldErrors(error)
  if (!(error instanceof ApiError)) return errors
  const field = CONFLICT_FIELD[error.body.code ?? '']
  return field ? { ...errors, [field]: error.userMessage } : errors
}
