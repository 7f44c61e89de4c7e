/** Reads a Server-Sent Events body in a test: the data of the next event of a given name, as it arrives. */
export function sseEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  return {
    /** The next event named `name` (others are skipped), waiting at most `timeoutMs`. */
    async next<T>(name: string, timeoutMs = 2000): Promise<T> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const event = /^event: (.*)\ndata: (.*)$/m.exec(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          if (event?.[1] === name) return JSON.parse(event[2]!) as T
          continue
        }
        const chunk = await Promise.race([reader.read(), Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null)])
        if (!chunk) throw new Error(`no ${name} event in time`)
        if (chunk.done) throw new Error('the stream ended')
        buffer += decoder.decode(chunk.value, { stream: true })
      }
    },
    close: () => reader.cancel(),
  }
}
