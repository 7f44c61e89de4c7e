import { expect, test } from 'bun:test'
import { formatWait } from './format-wait'

test('a wait reads in the largest units that matter', () => {
  expect(formatWait(0)).toBe('0s')
  expect(formatWait(45)).toBe('45s')
  expect(formatWait(60)).toBe('60s')
  expect(formatWait(61)).toBe('1m 01s')
  expect(formatWait(845)).toBe('14m 05s')
  expect(formatWait(86_399)).toBe('23h 59m')
  expect(formatWait(86_400)).toBe('24h 00m')
})
