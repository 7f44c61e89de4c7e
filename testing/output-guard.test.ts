import { describe, expect, test } from 'bun:test'
import { outputGuard } from './output-guard'

const MB = 1024 * 1024

/** A stream giving `chunks` as bun test's output would come, in pieces that split lines anywhere. */
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    },
  })

describe("a test run's output guard", () => {
  test('keeps every line while each file prints less than the limit', async () => {
    const guard = outputGuard(100)
    await guard.read(streamOf('bun test\n\nweb/a.test.tsx:\n(pass) a', ' [1ms]\n', 'cli/b.test.ts:\n(pass) b [2ms]'))
    expect(guard.output).toBe('bun test\n\nweb/a.test.tsx:\n(pass) a [1ms]\ncli/b.test.ts:\n(pass) b [2ms]\n')
    expect(guard.overflowed).toEqual([])
  })

  test('a file that prints past the limit is cut there, named once, and the next file is kept whole', async () => {
    const guard = outputGuard(MB)
    const huge = Array.from({ length: 50_000 }, (_, index) => `  [Symbol(listeners)]: ${index}`).join('\n')
    await guard.read(streamOf('web/a.test.tsx:\n(fail) a\nReceived: HTMLParagraphElement {\n', huge, '\n}\nweb/c.test.tsx:\n(pass) c [1ms]\n'))
    expect(guard.overflowed).toEqual(['web/a.test.tsx'])
    const lines = guard.output.split('\n')
    expect(lines).toContain(
      "web/a.test.tsx printed more than 1 MB; the rest of its output is left out and the run fails. Assert on an element's text, not on the element.",
    )
    expect(lines.filter((line) => line.includes('printed more than'))).toHaveLength(1)
    expect(guard.output).toContain('[Symbol(listeners)]: 0\n')
    expect(guard.output).not.toContain('[Symbol(listeners)]: 49999')
    expect(guard.output.length).toBeLessThan(MB + 1_000)
    expect(guard.output).toEndWith('web/c.test.tsx:\n(pass) c [1ms]\n')
  })

  test('one line longer than the limit, without an end, still counts against its file', async () => {
    const guard = outputGuard(100)
    await guard.read(streamOf('web/a.test.tsx:\n', 'x'.repeat(60), 'x'.repeat(60)))
    expect(guard.overflowed).toEqual(['web/a.test.tsx'])
  })
})
