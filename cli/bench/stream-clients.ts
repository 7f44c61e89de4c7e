import { parseArgs } from 'node:util'

/**
 * Opens `count` Server-Sent Events streams to one URL, as many browsers would, from a process of
 * its own (so its connections are not the server's, and Bun's per-process cap on open requests is
 * raised for it). Prints "ready" once every stream has its first message, then, once every stream
 * has seen `until`, the wall-clock time (ms since the epoch) each saw it, as JSON.
 */
export async function openStreamClients({ url, cookie, count, until }: { url: string; cookie: string; count: number; until: string }) {
  const clients = Bun.spawn([process.execPath, import.meta.path, '--url', url, '--cookie', cookie, '--count', String(count), '--until', until], {
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(count + 16) },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const lines = clients.stdout.pipeThrough(new TextDecoderStream()).getReader()
  let output = ''
  while (!output.includes('ready\n')) {
    const { value, done } = await lines.read()
    if (done) throw new Error('The stream clients stopped before every stream opened')
    output += value
  }
  return {
    /** Once every stream has seen `until`: when each did, in ms after `changed` (a Date.now()), soonest first. */
    async heardAfter(changed: number): Promise<number[]> {
      for (;;) {
        const { value, done } = await lines.read()
        output += value ?? ''
        if (done || output.trimEnd().endsWith(']')) break
      }
      await clients.exited
      return (JSON.parse(output.slice(output.indexOf('['))) as number[]).map((at) => at - changed).sort((a, b) => a - b)
    },
  }
}

/** Reads a stream until its text holds `marker`; a stream that ends first (the server went away) is an error, never a busy loop. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string): Promise<void> {
  const decoder = new TextDecoder()
  let text = ''
  while (!text.includes(marker)) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`The stream ended before it said ${marker}`)
    text += decoder.decode(value, { stream: true })
  }
}

async function stream(url: string, cookie: string, until: string, ready: () => void): Promise<number> {
  const response = await fetch(url, { headers: { cookie } })
  const reader = response.body!.getReader()
  await readUntil(reader, 'event: ')
  ready()
  await readUntil(reader, until)
  return Date.now()
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, cookie: { type: 'string' }, count: { type: 'string' }, until: { type: 'string' } } })
  const count = Number(values.count)
  let opened = 0
  const heard = Array.from({ length: count }, () =>
    stream(values.url!, values.cookie!, values.until!, () => {
      if (++opened === count) console.log('ready')
    }),
  )
  const heardAt = await Promise.all(heard).catch((error: Error) => {
    console.error(`Stream clients: ${error.message}`)
    process.exit(1)
  })
  console.log(JSON.stringify(heardAt))
  process.exit(0)
}
