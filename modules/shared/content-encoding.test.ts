import { expect, test } from 'bun:test'
import { answerBytes, pickEncoding } from './content-encoding'

test('a small body goes as it is; a large one as a Response streaming the same bytes in chunks', async () => {
  const small = new TextEncoder().encode('{"ok":true}')
  expect(answerBytes(small)).toBe(small)
  const large = new Uint8Array(40_000).map((_, index) => index % 251)
  const streamed = answerBytes(large)
  expect(streamed).toBeInstanceOf(Response)
  expect(new Uint8Array(await (streamed as Response).arrayBuffer())).toEqual(large)
})

test('gzip when the client takes it, else brotli when we have it, else the body as it is', () => {
  expect(pickEncoding('gzip, deflate, br, zstd')).toBe('gzip')
  expect(pickEncoding('br')).toBe('br')
  expect(pickEncoding('br', ['gzip'])).toBe('identity')
  expect(pickEncoding('gzip;q=0, br')).toBe('br')
  expect(pickEncoding(null)).toBe('identity')
})
