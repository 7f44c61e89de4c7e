import { describe, expect, test } from 'bun:test'
import { cardFieldErrors, formatCardNumber, formatCvc, formatExpiry, missingCardFields, parseExpiry, sampleCardDetails } from './card-input'

describe('the embedded card form input', () => {
  test('a card number is grouped in fours, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4000-0000 00000002')).toBe('4000 0000 0000 0002')
    expect(formatCardNumber('4242 ')).toBe('4242')
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19)
  })

  test("the expiry reads 'MM / YY' once the year starts, and parses to numbers", () => {
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12')).toBe('12')
    expect(formatExpiry('123')).toBe('12 / 3')
    expect(formatExpiry('12/345')).toBe('12 / 34')
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 34 })
    expect(parseExpiry('12 / 3')).toBeNull()
    expect(formatCvc('12a34 5')).toBe('1234')
  })

  test('an empty form names each missing field; a full one names none', () => {
    expect(Object.keys(missingCardFields({ number: '', expiry: '12', cvc: '' }))).toEqual(['number', 'expiry', 'cvc'])
    expect(missingCardFields({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).toEqual({})
  })

  test("the gateway's field errors land on the form's fields, the first per field", () => {
    expect(cardFieldErrors({ cardNumber: 'Your card number is invalid.', expMonth: 'Month bad', expYear: 'Year bad', 'orderData.tip': 'x' })).toEqual({
      number: 'Your card number is invalid.',
      expiry: 'Month bad',
    })
    expect(cardFieldErrors(undefined)).toEqual({})
  })

  test('a test card comes with an expiry in the future and a CVC', () => {
    expect(sampleCardDetails(new Date(2026, 10, 23))).toEqual({ expiry: '12 / 28', cvc: '123' })
  })
})
