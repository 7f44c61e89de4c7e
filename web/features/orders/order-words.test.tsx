import { afterEach, describe, expect, test } from 'bun:test'
import { i18n } from '@lingui/core'
import { itemsLabel as contractItemsLabel, ORDER_NOT_FOUND, ORDER_STATUSES, REFUNDED_PART_NAMES, STATUS_LABELS } from '../../../modules/orders/contract'
import { PROBLEM_KIND_LABELS, PROBLEM_KINDS } from '../../../modules/trust/contract'
import { showLanguage } from '../../i18n/language'
import { itemsLabel, ORDER_NOT_FOUND_WORDS, PROBLEM_KIND_WORDS, REFUNDED_PART_WORDS, refundReasonWords, STATUS_WORDS } from './order-words'

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

describe("the screens' words for the contracts' words", () => {
  test('read in English exactly as the contracts say them', () => {
    expect(i18n.locale).toBe('en')
    for (const status of ORDER_STATUSES) {
      expect(i18n._(STATUS_WORDS[status].badge)).toBe(STATUS_LABELS[status].badge)
      expect(i18n._(STATUS_WORDS[status].title)).toBe(STATUS_LABELS[status].title)
    }
    for (const part of Object.keys(REFUNDED_PART_NAMES) as (keyof typeof REFUNDED_PART_NAMES)[])
      expect(i18n._(REFUNDED_PART_WORDS[part])).toBe(capitalized(REFUNDED_PART_NAMES[part]))
    for (const kind of PROBLEM_KINDS) expect(i18n._(PROBLEM_KIND_WORDS[kind])).toBe(PROBLEM_KIND_LABELS[kind])
    expect(i18n._(ORDER_NOT_FOUND_WORDS)).toBe(ORDER_NOT_FOUND)
  })

  test('count items and units as the contract does: 1 item, 2 items, 0 items', () => {
    for (const lines of [[], [{ quantity: 1 }], [{ quantity: 1 }, { quantity: 1 }], [{ quantity: 3 }], [{ quantity: 2 }, { quantity: 1 }]])
      expect(itemsLabel(lines)).toBe(contractItemsLabel(lines))
  })
})

describe("a refund's reason", () => {
  afterEach(() => showLanguage('en'))

  test('is said from its code in the language on screen, a note a person wrote kept as written, and an unknown code in the English sent', async () => {
    await showLanguage('hi')
    const refund = { reason: 'cancelled by buyer: running late', reasonCode: 'buyer_cancelled', note: 'running late' } as const
    expect(refundReasonWords(i18n, refund)).toBe('ख़रीदार ने रद्द किया: running late')
    expect(refundReasonWords(i18n, { reason: 'the runner never came', reasonCode: 'runner_no_show', note: null })).toBe('रनर आया ही नहीं')
    expect(refundReasonWords(i18n, { reason: 'bruised mangoes', reasonCode: 'support', note: 'bruised mangoes' })).toBe('bruised mangoes')
    expect(refundReasonWords(i18n, { reason: 'refunded in Stripe', reasonCode: 'support', note: null })).toBe('Kirana की सहायता टीम ने पैसे वापस किए')
    const unknown = { reason: 'a reason from a newer server', reasonCode: 'newer' as 'support', note: null }
    expect(refundReasonWords(i18n, unknown)).toBe('a reason from a newer server')
  })
})

describe("items counted by each language's plural rules (CLDR)", () => {
  afterEach(() => showLanguage('en'))
  const lines = (count: number) => Array.from({ length: count }, () => ({ quantity: 1 }))

  test('Hindi counts 0 and 1 as one: 0 चीज़, 1 चीज़, 2 चीज़ें', async () => {
    await showLanguage('hi')
    expect([0, 1, 2].map((count) => itemsLabel(lines(count)))).toEqual(['0 चीज़', '1 चीज़', '2 चीज़ें'])
  })

  test('Tamil counts only 1 as one: 0 பொருட்கள், 1 பொருள், 2 பொருட்கள்', async () => {
    await showLanguage('ta')
    expect([0, 1, 2].map((count) => itemsLabel(lines(count)))).toEqual(['0 பொருட்கள்', '1 பொருள்', '2 பொருட்கள்'])
  })
})
