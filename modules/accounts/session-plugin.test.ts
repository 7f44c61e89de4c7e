import { expect, test } from 'bun:test'
import { sessionTokenIn } from './session-plugin'

test('the session token is read from the Cookie header, among other cookies, and only from its own name', () => {
  expect(sessionTokenIn('kirana_sid=abc-DEF_1')).toBe('abc-DEF_1')
  expect(sessionTokenIn('theme=dark; kirana_sid=abc; __stripe_mid=x')).toBe('abc')
  expect(sessionTokenIn('theme=dark;kirana_sid=abc')).toBe('abc')
  expect(sessionTokenIn('not_kirana_sid=abc; kirana_sid_old=def')).toBeNull()
  expect(sessionTokenIn('kirana_sid=')).toBeNull()
  expect(sessionTokenIn('')).toBeNull()
  expect(sessionTokenIn(null)).toBeNull()
})
