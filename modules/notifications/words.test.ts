import { describe, expect, test } from 'bun:test'
import { fileURLToPath } from 'node:url'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { catalogProblems } from '../../testing/message-catalogs'
import { SCRIPTS, scriptsOf } from '../../testing/scripts'
import { openStatus, windowLabel } from '../catalog/index'
import { type OrderRow, orderContract } from '../orders/index'
import { holdWindows } from '../payments/index'
import { bankFailureWords } from '../payouts/index'
import { LANGUAGES, readCatalog } from '../shared/index'
import { offersOvernight, payoutReturned, problemResolved, refundIssued } from './messages'
import { wordsIn } from './words'

const locales = fileURLToPath(new URL('./locales', import.meta.url))
const INDIC = Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[]

describe("the notices' catalogs", () => {
  test('every language has every message of English, from the same English, with the same ICU arguments and its plural categories', () => {
    expect(catalogProblems(locales)).toEqual([])
  })

  test("each language's messages are in its own script, beside Latin names (Kirana, Zelle) and nothing else", () => {
    for (const language of INDIC) {
      for (const message of readCatalog(locales, language)) {
        const others = [...scriptsOf(message.text)].filter((script) => script !== 'Latin' && script !== SCRIPTS[language].name)
        expect({ id: message.id, language, others }).toEqual({ id: message.id, language, others: [] })
      }
    }
  })

  test("English names a bank's failure and a refund's charge as payouts and orders do on every other screen", () => {
    const english = wordsIn('en')
    const [[, , cases]] = compileMessageOrThrow(readCatalog(locales, 'en').find((message) => message.id === 'bank_failure')!.text) as [[string, string, object]]
    for (const code of [...Object.keys(cases), 'not_a_code']) expect(english.say('bank_failure', { code })).toBe(bankFailureWords(code))
    for (const [part, name] of Object.entries(orderContract.REFUNDED_PART_NAMES)) expect(english.say('refunded_part', { part })).toBe(name)
  })
})

describe('notices in each language', () => {
  test('item counts follow CLDR: 0 is "one" in Hindi, Gujarati, Punjabi and Bengali, "other" in Tamil, Telugu and English', () => {
    const counts = (language: (typeof LANGUAGES)[number]) => [0, 1, 2].map((lines) => wordsIn(language).items(Array(lines).fill({ quantity: 1 })))
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, counts(language)]))).toEqual({
      en: ['0 items', '1 item', '2 items'],
      hi: ['0 चीज़', '1 चीज़', '2 चीज़ें'],
      gu: ['0 વસ્તુ', '1 વસ્તુ', '2 વસ્તુઓ'],
      pa: ['0 ਚੀਜ਼', '1 ਚੀਜ਼', '2 ਚੀਜ਼ਾਂ'],
      ta: ['0 பொருட்கள்', '1 பொருள்', '2 பொருட்கள்'],
      te: ['0 వస్తువులు', '1 వస్తువు', '2 వస్తువులు'],
      bn: ['0টি জিনিস', '1টি জিনিস', '2টি জিনিস'],
    })
    expect(wordsIn('hi').items([{ quantity: 2 }, { quantity: 1 }])).toBe('2 चीज़ें (3 नग)')
    expect(wordsIn('en').items([{ quantity: 1 }, { quantity: 1 }])).toBe('2 items')
  })

  test('money reads $12.50 with Latin digits in every language, Bengali too', () => {
    const order = { storeName: 'Patel Family Grocers' } as OrderRow
    for (const language of LANGUAGES) {
      const { title, body } = refundIssued(wordsIn(language), order, { amountCents: 1250, part: 'groceries', reason: 'bruised mangoes' })
      expect(title).toStartWith('$12.50')
      expect(body).toContain('$12.50')
      expect(`${title} ${body}`).not.toMatch(/[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0be6-\u0bef\u0c66-\u0c6f]/)
    }
  })

  test("a scheduled order's window and times read in the store's zone: in English as its screens say them, in Hindi in Hindi's words", () => {
    const order = {
      storeName: 'Patel Family Grocers',
      storeTimeZone: 'America/New_York',
      scheduledFor: new Date('2026-12-05T12:00:00Z'),
      scheduledUntil: new Date('2026-12-05T14:00:00Z'),
      offersOpenAt: new Date('2026-12-05T10:30:00Z'),
    } as OrderRow
    const evening = new Date('2026-12-04T23:00:00Z')
    const window = windowLabel({ start: order.scheduledFor!, end: order.scheduledUntil! }, order.storeTimeZone)
    const opens = openStatus.openingText(order.offersOpenAt, order.storeTimeZone, evening)
    const lapses = openStatus.openingText(holdWindows.holdExpiresAt(order.offersOpenAt), order.storeTimeZone, evening)
    expect(offersOvernight(wordsIn('en'), order, evening)).toEqual({
      title: `Your ${window} order: runners see it at ${opens}`,
      body: expect.stringContaining(`from ${opens}. If none has by ${lapses}, it is cancelled`),
    })
    expect(offersOvernight(wordsIn('hi'), order, evening).title).toBe('आपका शनि 07:00–09:00 वाला ऑर्डर: रनर इसे कल 5:30 am देखेंगे')
    expect(offersOvernight(wordsIn('ta'), order, evening).title).toBe('உங்கள் சனி 07:00–09:00 ஆர்டர்: ரன்னர்கள் நாளை 5:30 AM பார்ப்பார்கள்')
  })

  test("a runner's payout and a problem's outcome come in their words: the bank's reason by its code, support's note as written", () => {
    expect(payoutReturned(wordsIn('te'), 700, 'account_closed').body).toStartWith('మీ బ్యాంకు $7.00 పేఅవుట్‌ను వెనక్కి పంపింది: బ్యాంకు ఖాతా మూసివేయబడింది.')
    expect(payoutReturned(wordsIn('en'), 700, 'no_such_code').body).toContain('$7.00: the bank sent it back.')
    const order = { storeName: 'Patel Family Grocers' } as OrderRow
    const problem = { kind: 'missing_items', resolution: 'Refunded the dal', refund: { amountCents: 300, part: 'groceries' as const, fromRunner: true } }
    expect(problemResolved(wordsIn('en'), order, 'runner', problem).body).toBe(
      'Kirana support resolved "Items missing" on the Patel Family Grocers order: Refunded the dal. The buyer was refunded $3.00 of the groceries, which comes off what you are paid back for them.',
    )
    expect(problemResolved(wordsIn('gu'), order, 'buyer', problem)).toEqual({
      title: 'ફરિયાદ ઉકેલાઈ: $3.00 પાછા',
      body: 'Kirana સપોર્ટે Patel Family Grocers ના ઓર્ડર પર "વસ્તુઓ ઓછી આવી" ની ફરિયાદ ઉકેલી: Refunded the dal. સામાન માંથી $3.00 તમારા કાર્ડમાં પાછા આપ્યા.',
    })
  })
})
