import { expect, test } from 'bun:test'

/** A process logging as production does, to its stdout: `script` runs with `logger` in scope. */
function loggingProcess(script: string) {
  const source = `
    const { createLogger } = await import(${JSON.stringify(`${import.meta.dir}/observability.ts`)})
    const logger = createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' })
    ${script}
  `
  return Bun.spawn([process.execPath, '-e', source], { stdout: 'pipe', stderr: 'ignore' })
}

const messages = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg)

test('lines written in batches all come out when the process ends, by exit or by an uncaught error', async () => {
  for (const ending of ['process.exit(0)', "throw new Error('boom')"]) {
    const child = loggingProcess(`for (let line = 0; line < 3; line++) logger.info('line ' + line); ${ending}`)
    const printed = await new Response(child.stdout).text()
    await child.exited
    expect(messages(printed)).toEqual(['line 0', 'line 1', 'line 2'])
  }
})

test("a quiet server's line is out within about a second, the process still running", async () => {
  const child = loggingProcess(`logger.info('alone'); await Bun.sleep(10_000)`)
  const reader = child.stdout.getReader()
  const started = performance.now()
  const { value } = await reader.read()
  const waited = performance.now() - started
  child.kill()
  expect(messages(new TextDecoder().decode(value))).toEqual(['alone'])
  expect(waited).toBeLessThan(5_000)
})
