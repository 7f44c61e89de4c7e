import { describe, expect, test } from 'bun:test'
import { phoneCodesApi } from '../../testing/phone-codes'
import { MAX_NUMBERS_PER_ACCOUNT_PER_DAY, MAX_NUMBERS_PER_ADDRESS_PER_DAY } from './codes'
import { MESSAGES } from './contract'
import { embeddedSmsSender, SmsDeliveryError } from './index'

const { api, nextRealNumber } = await phoneCodesApi()
const { call, signUp, clock } = api

const MINUTE = 60_000

describe('caps against SMS pumping', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address })
  const sendFrom = (cookie: string, phone: string, address: string) =>
    call('POST', '/api/verification/send-code', { cookie, body: { phone }, headers: from(address) })

  test(`one account texts at most ${MAX_NUMBERS_PER_ACCOUNT_PER_DAY} different numbers a day, then gets 'Too many requests'`, async () => {
    const { cookie } = await signUp()
    const numbers = Array.from({ length: MAX_NUMBERS_PER_ACCOUNT_PER_DAY + 1 }, nextRealNumber)
    for (const phone of numbers.slice(0, -1)) expect((await sendFrom(cookie, phone, '198.51.100.1')).status).toBe(200)
    const refused = await sendFrom(cookie, numbers.at(-1)!, '198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(MESSAGES.tooManyRequests)
    // A number it already texted today is not a new one (its own per-phone limits still apply).
    clock.advance(2 * MINUTE)
    expect((await sendFrom(cookie, numbers[0]!, '198.51.100.1')).status).toBe(200)
    // A day later it may try again.
    clock.advance(24 * 60 * MINUTE)
    expect((await sendFrom(cookie, numbers.at(-1)!, '198.51.100.1')).status).toBe(200)
  })

  test(`one address texts at most ${MAX_NUMBERS_PER_ADDRESS_PER_DAY} different numbers a day, whatever the accounts`, async () => {
    let sent = 0
    while (sent < MAX_NUMBERS_PER_ADDRESS_PER_DAY) {
      const { cookie } = await signUp()
      for (let index = 0; index < 4 && sent < MAX_NUMBERS_PER_ADDRESS_PER_DAY; index++, sent++) {
        expect((await sendFrom(cookie, nextRealNumber(), '198.51.100.2')).status).toBe(200)
      }
    }
    const fresh = await signUp()
    expect((await sendFrom(fresh.cookie, nextRealNumber(), '198.51.100.2')).status).toBe(429)
    expect((await sendFrom(fresh.cookie, nextRealNumber(), '198.51.100.3')).status).toBe(200)
  })

  test('25 parallel sends to 25 numbers from one account: exactly 5 go out', async () => {
    const { cookie } = await signUp()
    const results = await Promise.all(Array.from({ length: 25 }, () => sendFrom(cookie, nextRealNumber(), '198.51.100.4')))
    expect(results.filter((result) => result.status === 200)).toHaveLength(MAX_NUMBERS_PER_ACCOUNT_PER_DAY)
    expect(results.filter((result) => result.status === 429)).toHaveLength(25 - MAX_NUMBERS_PER_ACCOUNT_PER_DAY)
  })
})

describe('the embedded SMS sender', () => {
  test('fails, as a carrier would, for numbers no text can reach', async () => {
    const sender = embeddedSmsSender({ clock, log: () => {} })
    await expect(sender.send('+18005550123', 'hi')).rejects.toBeInstanceOf(SmsDeliveryError)
    await expect(sender.send('+17325551212', 'hi')).rejects.toBeInstanceOf(SmsDeliveryError)
    await sender.send('+17325550123', 'hi')
    expect(sender.outbox.at(-1)).toEqual({ to: '+17325550123', body: 'hi', sentAt: clock.now() })
  })

  test('prints the text for a developer, but never a code in production', async () => {
    const lines: string[] = []
    await embeddedSmsSender({ clock, log: (line) => lines.push(line) }).send('+19732010001', 'Your Kirana verification code is 654321.')
    await embeddedSmsSender({ clock, production: true, log: (line) => lines.push(line) }).send('+19732010001', 'Your Kirana verification code is 654321.')
    expect(lines[0]).toContain('654321')
    expect(lines[1]).not.toContain('654321')
    expect(lines[1]).toContain('+19732010001')
  })
})
