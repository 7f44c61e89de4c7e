import { expect, test } from 'bun:test'
import { answerBytes, pickEncoding } from './content-encoding'

test('a small body goes as it is; a large one as a Response streaming the same bytes in chunks, with the headers set for it', async () => {
  const small = new TextEncoder().encode('{"ok":true}')
  const smallSet = { headers: { 'content-type': 'application/json' } }
  expect(answerBytes(small, smallSet)).toBe(small)
  expect(smallSet.headers).toEqual({ 'content-type': 'application/json' })

  const large = new Uint8Array(40_000).map((_, index) => index % 251)
  const largeSet: { headers: Record<string, string> } = { headers: { 'content-type': 'application/json', etag: '"1-abc"' } }
  const streamed = answerBytes(large, largeSet)
  expect(streamed).toBeInstanceOf(Response)
  expect((streamed as Response).headers.get('etag')).toBe('"1-abc"')
  expect((streamed as Response).headers.get('content-type')).toBe('application/json')
  expect(largeSet.headers).toEqual({})
  expect(new Uint8Array(await (streamed as Response).arrayBuffer())).toEqual(large)
})

test('gzip when the client takes it, else brotli when we have it, else the body as it is', () => {
  expect(pickEncoding('gzip, deflate, br, zstd')).toBe('gzip')
  expect(pickEncoding('br')).toBe('br')
  expect(pickEncoding('br', ['gzip'])).toBe('identity')
  expect(pickEncoding('gzip;q=0, br')).toBe('br')
  expect(pickEncoding(null)).toBe('identity')
})
