import { describe, expect, test } from 'bun:test'
import { fileURLToPath } from 'node:url'
import { catalogProblems } from '../../testing/message-catalogs'
import { SCRIPTS, scriptsOf } from '../../testing/scripts'
import { testApi } from '../../testing/test-api'
import { LANGUAGES } from '../shared/index'
import { codeText, SMS_UCS2_LIMIT } from './code-text'
import { CODE_LENGTH } from './contract'

const locales = fileURLToPath(new URL('./locales', import.meta.url))
/** The longest a code's lifetime is written: two digits of minutes. */
const LONGEST = { code: '8'.repeat(CODE_LENGTH), minutes: 99 }

describe('the verification text in every language', () => {
  test('every language has the text of English, from the same English, with the same ICU arguments', () => {
    expect(catalogProblems(locales)).toEqual([])
  })

  test('fits one SMS in every language: 70 UTF-16 code units once an Indic letter makes it UCS-2, 160 in English', () => {
    const lengths = Object.fromEntries(LANGUAGES.map((language) => [language, codeText(language, LONGEST.code, LONGEST.minutes).length]))
    for (const language of LANGUAGES)
      expect({ language, fits: lengths[language]! <= (language === 'en' ? 160 : SMS_UCS2_LIMIT) }).toEqual({ language, fits: true })
    for (const language of Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[])
      expect(scriptsOf(codeText(language, LONGEST.code, LONGEST.minutes))).toEqual(new Set(['Latin', SCRIPTS[language].name]))
  })

  test('is sent in the language of the person verifying, and their reset link after it', async () => {
    const { call, signUp, sms } = await testApi({ env: { APP_URL: 'https://kirana.example' } })
    const account = await signUp({ phone: '(973) 201-4466' })
    expect((await call('PATCH', '/api/user/profile', { cookie: account.cookie, body: { language: 'pa' } })).status).toBe(200)
    expect((await call('POST', '/api/verification/send-code', { cookie: account.cookie, body: { phone: account.input.phone } })).status).toBe(200)
    const text = sms.outbox.at(-1)!.body
    const code = /\d{6}/.exec(text)![0]
    expect(text).toBe(`Kirana ਕੋਡ: ${code}। 10 ਮਿੰਟ ਲਈ ਠੀਕ। ਕਿਸੇ ਨੂੰ ਨਾ ਦੱਸੋ।`)
    const verified = await call('PATCH', '/api/user/verify-phone', { cookie: account.cookie, body: { phone: account.input.phone, verificationCode: code } })
    expect(verified.status).toBe(200)

    const reset = await call('POST', '/api/password-reset/request', { body: { emailOrPhone: '973-201-4466' } })
    expect(sms.outbox.at(-1)!.body).toBe(`30 ਮਿੰਟਾਂ ਵਿੱਚ ਆਪਣਾ Kirana ਪਾਸਵਰਡ ਬਦਲੋ: ${reset.body.resetUrl}`)
  })
})
