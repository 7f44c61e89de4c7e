import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ensureWebBuilt } from './harness'

/**
 * Runs the browser tests in two processes at once. Each file already has its own server and
 * browser, and most of a journey's time is spent waiting on pages, so two halves on two cores
 * finish in little more than the longer half. Each half's output is printed whole when it ends,
 * so the two never interleave; the command fails if either half does.
 */
const SHARDS = Number(process.env.E2E_SHARDS ?? 2)
const directory = import.meta.dir
const files = readdirSync(directory)
  .filter((file) => file.endsWith('.e2e.test.ts'))
  .map((file) => ({ file: join(directory, file), size: Bun.file(join(directory, file)).size }))
  // The longest files first, each to the lighter half: the halves end close together.
  .sort((a, b) => b.size - a.size)

const shards: { files: string[]; weight: number }[] = Array.from({ length: SHARDS }, () => ({ files: [], weight: 0 }))
for (const { file, size } of files) {
  const lightest = shards.reduce((best, shard) => (shard.weight < best.weight ? shard : best))
  lightest.files.push(file)
  lightest.weight += size
}

// Built once here, not by both halves at once into the same dist/.
ensureWebBuilt()

const runs = shards
  .filter((shard) => shard.files.length > 0)
  .map((shard) =>
    Bun.spawn(['bun', 'test', '--timeout=120000', ...shard.files], {
      stdout: 'pipe',
      stderr: 'pipe',
      env: process.env,
    }),
  )

let failed = false
for (const run of runs) {
  const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited])
  // Written out before exiting: process.exit right after a write to a pipe drops what the pipe had not taken yet.
  await Bun.write(Bun.stdout, out + err)
  if (code !== 0) failed = true
}
process.exit(failed ? 1 : 0)
