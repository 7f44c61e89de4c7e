import { afterEach, describe, expect, test } from 'bun:test'
import { i18n } from '@lingui/core'
import { Glob } from 'bun'
import { loginSchema, registerSchema } from '../../modules/accounts/contract'
import { failureMessage } from '../lib/form-errors'
import { ApiError } from '../lib/http'
import { CONTRACT_MESSAGES, contractMessageText } from './contract-messages'
import { failureText } from './error-messages'
import { showLanguage } from './language'
import { schemaMessages } from './schema-messages'

/**
 * Messages of schemas the web imports that no form can show: the screens choose these values
 * themselves (an enum, an id, an amount), or the schema only checks what the server answers.
 */
const NOT_TYPED_BY_A_PERSON = new Set([
  'Language must be one of: en, hi, gu, pa, ta, te, bn',
  'language must be one of: hi, gu, pa, ta, te, bn',
  'Must be an amount in dollars',
  'Pay for groceries at_door or by card',
  'Quantity must be a number',
  'Substitution must be best_match, contact_me or skip',
  'userId is required',
  'a local name is required',
  'a local name is at most 60 characters',
  'a transliteration is at most 60 characters',
  "a transliteration is written in Latin letters, spaces, hyphens and apostrophes ('toor dal')",
])

/** Every zod schema the web imports from a contract (modules/<m>/contract.ts), found in its source. */
async function schemasTheWebImports(): Promise<unknown[]> {
  const schemas: unknown[] = []
  const importLine = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(?:\.\.\/)+modules\/([a-z-]+)\/contract'/g
  for (const file of new Glob('web/**/*.{ts,tsx}').scanSync('.')) {
    if (file.includes('.test.') || file.startsWith('web/e2e/')) continue
    for (const [, names, module] of (await Bun.file(file).text()).matchAll(importLine)) {
      const contract = await import(`../../modules/${module}/contract.ts`)
      for (const name of names!.split(',').map((part) => part.trim().replace(/^type\s+/, ''))) if (name) schemas.push(contract[name])
    }
  }
  return schemas
}

describe("the contracts' field messages in the reader's language", () => {
  afterEach(() => showLanguage('en'))

  test('every message a form can show is mapped, and reads in English exactly as the contract says it', async () => {
    const messages = schemaMessages(await schemasTheWebImports())
    expect(messages.size).toBeGreaterThan(40)
    const unmapped = [...messages].filter((message) => !CONTRACT_MESSAGES[message] && !NOT_TYPED_BY_A_PERSON.has(message))
    expect(unmapped).toEqual([])
    // A superRefine writes its message in code, where the walk cannot see it: sign-up's is checked by parsing.
    const signUp = registerSchema.safeParse({ firstName: 'A', lastName: 'B', password: 'long enough' })
    for (const issue of signUp.error?.issues ?? []) expect(CONTRACT_MESSAGES[issue.message]).toBeDefined()
    expect(signUp.success).toBe(false)
    for (const message of Object.keys(CONTRACT_MESSAGES)) expect(contractMessageText(i18n, message)).toBe(message)
  })

  test("a field's message and a refusal's read in Hindi; an unknown message shows as sent", async () => {
    await showLanguage('hi')
    const login = loginSchema.safeParse({ emailOrPhone: '', password: '' })
    const message = login.error!.issues[0]!.message
    expect(message).toBe('Email or phone is required')
    expect(contractMessageText(i18n, message)).toMatch(/[\u0900-\u097F]/)
    expect(contractMessageText(i18n, 'Must be at most 100 characters')).toContain('100')
    expect(contractMessageText(i18n, 'A message the web has never seen')).toBe('A message the web has never seen')
    const refusal = new ApiError(400, JSON.stringify({ message: 'First name is required', code: 'VALIDATION_ERROR', errors: {} }), 'Bad Request')
    expect(failureText(i18n, refusal, 'fallback')).toMatch(/^[^A-Za-z]+$/)
    expect(refusal.userMessage).toBe(contractMessageText(i18n, 'First name is required'))
    expect(failureMessage(refusal, 'fallback')).toBe(refusal.userMessage)
  })
})
