/**
 * `bun run test`: every server and UI test, in two lanes at once. The UI's tests spend their
 * time in happy-dom, while the rest mostly wait on the database, so the two lanes together take
 * little more than the longer one. Each lane's output is printed whole when it ends, so the two
 * never interleave; the command fails if either lane does, or if a test file prints more than a
 * few MB (output-guard.ts). `bun run test:server` and `bun run test:ui` still run each part alone.
 */
import { outputGuard } from './output-guard'

const SERVER_IGNORES = ["--path-ignore-patterns='**/*.test.tsx'", "--path-ignore-patterns='web/e2e/**'", "--path-ignore-patterns='**/*.emulator.test.ts'"]

const lanes: { name: string; commands: string[] }[] = [
  { name: 'server (all but the CLI)', commands: [`bun test --timeout=30000 ${SERVER_IGNORES.join(' ')} --path-ignore-patterns='cli/**'`] },
  { name: 'CLI, then UI', commands: [`bun test --timeout=30000 ${SERVER_IGNORES.join(' ')} cli/`, 'bun run test:ui'] },
]

async function runLane(lane: (typeof lanes)[number]) {
  let output = `\n==> ${lane.name}\n`
  let failed = false
  for (const command of lane.commands) {
    const run = Bun.spawn(['sh', '-c', command], { stdout: 'pipe', stderr: 'pipe', stdin: 'ignore', env: process.env })
    // What a test file prints is kept up to a few MB: past that, the file is named and the lane fails.
    const guard = outputGuard()
    const [code] = await Promise.all([run.exited, guard.read(run.stdout), guard.read(run.stderr)])
    output += guard.output
    // Each command runs even after one fails, so a failure hides no other.
    if (code !== 0 || guard.overflowed.length > 0) failed = true
  }
  return { output, failed }
}

const results = await Promise.all(lanes.map(runLane))
// Written out before exiting: process.exit right after a write to a pipe drops what the pipe had not taken yet.
for (const { output } of results) await Bun.write(Bun.stdout, output)
process.exit(results.some((result) => result.failed) ? 1 : 0)
