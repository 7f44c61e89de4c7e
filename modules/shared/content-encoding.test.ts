import { expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { answerTurns } from './answer-turn'
import { answerBytes, pickEncoding } from './content-encoding'

test('a small body goes as it is; a large one as a Response streaming the same bytes in chunks, with the headers set for it', async () => {
  const small = new TextEncoder().encode('{"ok":true}')
  const smallSet = { headers: { 'content-type': 'application/json' } }
  expect(answerBytes(small, smallSet, new Request('http://localhost/'))).toBe(small)
  expect(smallSet.headers).toEqual({ 'content-type': 'application/json' })

  const large = new Uint8Array(40_000).map((_, index) => index % 251)
  const largeSet: { headers: Record<string, string> } = { headers: { 'content-type': 'application/json', etag: '"1-abc"' } }
  const streamed = answerBytes(large, largeSet, new Request('http://localhost/'))
  expect(streamed).toBeInstanceOf(Response)
  expect((streamed as Response).headers.get('etag')).toBe('"1-abc"')
  expect((streamed as Response).headers.get('content-type')).toBe('application/json')
  expect(largeSet.headers).toEqual({})
  expect(new Uint8Array(await (streamed as Response).arrayBuffer())).toEqual(large)
})

test('a large body made in the turn its request arrived in goes as one buffer; after waiting on I/O, as a stream', async () => {
  const large = new Uint8Array(40_000).fill(7)
  const sentAs = ({ request, set }: { request: Request; set: { headers: Record<string, string | number> } }) =>
    answerBytes(large, set, request) instanceof Response ? 'stream' : 'buffer'
  const app = new Elysia()
    .use(answerTurns)
    .get('/at-once', async (context) => {
      await Promise.resolve()
      return sentAs(context)
    })
    .get('/after-a-timer', async (context) => {
      // Kept: waiting on a timer, as a handler waits on I/O, is the thing tested.
      await Bun.sleep(1)
      return sentAs(context)
    })
  expect(await (await app.handle(new Request('http://localhost/at-once'))).text()).toBe('buffer')
  expect(await (await app.handle(new Request('http://localhost/after-a-timer'))).text()).toBe('stream')
})

test('gzip when the client takes it, else brotli when we have it, else the body as it is', () => {
  expect(pickEncoding('gzip, deflate, br, zstd')).toBe('gzip')
  expect(pickEncoding('br')).toBe('br')
  expect(pickEncoding('br', ['gzip'])).toBe('identity')
  expect(pickEncoding('gzip;q=0, br')).toBe('br')
  expect(pickEncoding(null)).toBe('identity')
})
