import { closeSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Runs a command with its output (both streams, in the order written) kept in a file, read once it
 * has ended: for the test runners that print each part's report whole. A pipe read beside two busy
 * test lanes once came back cut short after a kilobyte, hiding the rest of a passing run's report;
 * a file keeps all of it.
 */
export async function runToFile(argv: string[]): Promise<{ text: string; code: number }> {
  const path = join(tmpdir(), `kirana-test-run-${process.pid}-${crypto.randomUUID()}.log`)
  const fd = openSync(path, 'w')
  try {
    const code = await Bun.spawn(argv, { stdout: fd, stderr: fd, stdin: 'ignore', env: process.env }).exited
    return { text: await Bun.file(path).text(), code }
  } finally {
    closeSync(fd)
    rmSync(path, { force: true })
  }
}
