import { i18n } from '@lingui/core'
import type { z } from 'zod'
import type { ErrorCode } from '../../modules/shared/contract'
import { contractMessageText } from '../i18n/contract-messages'

/**
 * The client's one way to call the API (spec 000 §7): cookies always, a JSON content type
 * only with a body, any non-OK answer raised as `{status}: {body text}`, and every OK answer
 * checked against the contract's schema before a screen sees it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
    /** From a 429's Retry-After: how long the server asks us to wait, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${bodyText || statusText}`)
    this.name = 'ApiError'
  }

  /** The server's JSON error body, when it sent one: its code is one of the contract's list, which screens match on. */
  get body(): { message?: string; code?: ErrorCode; errors?: Record<string, string> } & Record<string, unknown> {
    try {
      return JSON.parse(this.bodyText)
    } catch {
      return {}
    }
  }

  /**
   * What a person should read: the server's message (a contract's field message in the language on
   * screen), else the raw error. A screen that says refusals by their code uses useFailureText.
   */
  get userMessage(): string {
    return typeof this.body.message === 'string' ? contractMessageText(i18n, this.body.message) : this.message
  }
}

export const UNEXPECTED_ANSWER_MESSAGE = "The server answered in a way this version of the app doesn't understand. Refresh the page to update the app."

/**
 * An OK answer that breaks the contract. The likeliest cause is a server newer than this copy of
 * the app (a PWA keeps its old shell), so the message, which screens and toasts show as it is,
 * asks for a refresh; what did not match stays on the error for whoever debugs it.
 */
export class UnexpectedAnswerError extends Error {
  constructor(
    readonly request: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(UNEXPECTED_ANSWER_MESSAGE)
    this.name = 'UnexpectedAnswerError'
  }
}

/** Our server sends Retry-After in whole seconds; the HTTP-date form is not used. */
function retryAfterSeconds(headers: Headers): number | null {
  const seconds = Number(headers.get('Retry-After'))
  return headers.has('Retry-After') && Number.isFinite(seconds) && seconds >= 0 ? seconds : null
}

async function send(method: string, url: string, body: unknown): Promise<string> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    // A form (a photo with its fields) goes as multipart, its boundary set by the browser.
    headers: body === undefined || body instanceof FormData ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
  })
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText, retryAfterSeconds(response.headers))
  return response.text()
}

function readJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    // Checked as the text it is, so it fails the schema like any other wrong answer.
    return text
  }
}

/**
 * Calls the API and returns its answer as `schema` reads it. The schema may still be loading
 * (a promise), so a caller in the first-paint bundle can fetch zod beside the request.
 */
export async function apiRequest<Schema extends z.ZodType>(
  method: string,
  url: string,
  schema: Schema | PromiseLike<Schema>,
  body?: unknown,
): Promise<z.output<Schema>> {
  const answer = readJson(await send(method, url, body))
  const checked = (await schema).safeParse(answer)
  if (checked.success) return checked.data
  const error = new UnexpectedAnswerError(`${method} ${url}`, checked.error.issues)
  console.error(`${error.request} answered outside its contract:`, error.issues)
  throw error
}

/** For a call whose answer nobody reads (a liveness probe): only whether it succeeded comes back. */
export async function apiSend(method: string, url: string, body?: unknown): Promise<void> {
  await send(method, url, body)
}
