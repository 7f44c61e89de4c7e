import type { z } from 'zod'
import { badRequest } from './app-error'

/**
 * A request body checked against its schema inside the handler, so the session is checked
 * first: a caller who is not signed in learns nothing about what the route accepts. Fails as
 * Elysia's own validation does: 400 VALIDATION_ERROR, led by the first failing field's message.
 */
export function validInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message
  throw badRequest(Object.values(errors)[0] ?? 'Invalid request', 'VALIDATION_ERROR', errors)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether text is an id of ours (a UUID), before it is put to the database as one. */
export const isUuid = (text: string) => UUID.test(text)
