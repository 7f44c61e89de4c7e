/**
 * How much one test file may print before the run stops keeping its output and fails: a failure
 * that prints this much is printing something whole it should not (happy-dom's document through
 * one element, once 746 MB from a single UI test).
 */
export const FILE_OUTPUT_LIMIT = 4 * 1024 * 1024

/** bun test names each file on a line of its own before its results: `web/ui/toast.test.tsx:`. */
const FILE_HEADER = /^(\S+\.test\.tsx?):$/

/**
 * Keeps a `bun test` run's output, counted by the test file it last named: past `limit`
 * characters a file's output is dropped, one line says which file it was, and `overflowed` lists it.
 */
export function outputGuard(limit = FILE_OUTPUT_LIMIT) {
  let file = '(before the first test file)'
  const printed = new Map<string, number>()
  const overflowed: string[] = []
  let kept = ''

  function line(text: string) {
    file = FILE_HEADER.exec(text)?.[1] ?? file
    const total = (printed.get(file) ?? 0) + text.length + 1
    printed.set(file, total)
    if (total <= limit) {
      kept += `${text}\n`
      return
    }
    if (overflowed.includes(file)) return
    overflowed.push(file)
    kept += `${file} printed more than ${limit / 1024 / 1024} MB; the rest of its output is left out and the run fails. Assert on an element's text, not on the element.\n`
  }

  /** Reads `stream` to its end, a line at a time; a line longer than the limit is taken as it comes. */
  async function read(stream: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder()
    let pending = ''
    for await (const chunk of stream) {
      pending += decoder.decode(chunk, { stream: true })
      const lines = pending.split('\n')
      pending = lines.pop()!
      for (const text of lines) line(text)
      if (pending.length > limit) {
        line(pending)
        pending = ''
      }
    }
    pending += decoder.decode()
    if (pending) line(pending)
  }

  return {
    read,
    get output() {
      return kept
    },
    get overflowed(): readonly string[] {
      return overflowed
    },
  }
}
