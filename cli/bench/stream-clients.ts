import { parseArgs } from 'node:util'

/**
 * Opens `count` Server-Sent Events streams to one URL, as many browsers would, from a process of
 * its own (so its connections are not the server's, and Bun's per-process cap on open requests is
 * raised for it). Prints "ready" once every stream has its first message, then, once every stream
 * has seen `until`, the wall-clock time (ms since the epoch) each saw it, as JSON.
 */
const { values } = parseArgs({ options: { url: { type: 'string' }, cookie: { type: 'string' }, count: { type: 'string' }, until: { type: 'string' } } })
const count = Number(values.count)

async function stream(ready: () => void): Promise<number> {
  const response = await fetch(values.url!, { headers: { cookie: values.cookie! } })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  while (!text.includes('event: ')) text += decoder.decode((await reader.read()).value, { stream: true })
  ready()
  let later = ''
  while (!later.includes(values.until!)) later += decoder.decode((await reader.read()).value, { stream: true })
  return Date.now()
}

let opened = 0
const heard = Array.from({ length: count }, () =>
  stream(() => {
    if (++opened === count) console.log('ready')
  }),
)
console.log(JSON.stringify(await Promise.all(heard)))
process.exit(0)
