import { existsSync } from 'node:fs'
import { join, posix } from 'node:path'
import { buildWeb } from '../../web/build'
import { type BenchReport, kilobytes } from './report'

export const DIST_DIR = 'dist'
/** Issue 18's budget: the landing paints without the app's router, query client and state. */
const BUDGET_BYTES = 100 * 1024

/**
 * The JS a phone must download before /landing can paint: the module scripts of landing.html (the
 * page the server answers /landing with) and everything they import statically. Dynamic import()
 * chunks load later, so they do not count. The app's shell (index.html) is shown beside it.
 */
export async function landingBundle(): Promise<BenchReport> {
  if (!existsSync(join(DIST_DIR, 'landing.html'))) await buildWeb(DIST_DIR)
  const files = await staticImportClosure(moduleScripts(await Bun.file(join(DIST_DIR, 'landing.html')).text()))
  const app = await staticImportClosure(moduleScripts(await Bun.file(join(DIST_DIR, 'index.html')).text()))
  const appGzip = app.reduce((sum, file) => sum + Bun.gzipSync(file.bytes, { level: 9 }).length, 0)
  const rows = files.map(({ path, bytes }) => ({ path, raw: bytes.length, gzip: Bun.gzipSync(bytes, { level: 9 }).length }))
  const total = rows.reduce((sum, row) => sum + row.gzip, 0)
  const overBudget = total > BUDGET_BYTES
  return {
    title: 'JS needed to paint /landing (gzip level 9)',
    columns: ['file', 'raw', 'gzip'],
    rows: [
      ...rows.map((row) => [row.path, kilobytes(row.raw), kilobytes(row.gzip)]),
      ['total', kilobytes(rows.reduce((sum, row) => sum + row.raw, 0)), kilobytes(total)],
      ['for comparison: the app shell (index.html) at any other path', '', kilobytes(appGzip)],
      ...(await mapChunk([...files, ...app].map((file) => file.path))),
    ],
    verdict: `${kilobytes(total)} of the ${kilobytes(BUDGET_BYTES)} budget: ${overBudget ? 'OVER BUDGET' : 'within budget'}`,
    overBudget,
  }
}

/**
 * Tracking's map (Leaflet, issue 40): its chunk's size, and that neither the landing nor the shell
 * loads it. Told by Leaflet's own class name, which only its code carries.
 */
async function mapChunk(firstPaint: string[]): Promise<string[][]> {
  const chunks = new Bun.Glob('assets/*.js').scan({ cwd: DIST_DIR })
  for await (const path of chunks) {
    const bytes = await Bun.file(join(DIST_DIR, path)).bytes()
    if (!new TextDecoder().decode(bytes).includes('leaflet-container')) continue
    const shown = firstPaint.includes(`/${path}`) ? ' (LOADED BEFORE TRACKING)' : ', loaded on tracking only'
    return [[`the tracking map (Leaflet): /${path}${shown}`, kilobytes(bytes.length), kilobytes(Bun.gzipSync(bytes, { level: 9 }).length)]]
  }
  return [['the tracking map (Leaflet): no chunk found', '', '']]
}

export function moduleScripts(html: string): string[] {
  const sources: string[] = []
  new HTMLRewriter().on('script[type="module"][src]', { element: (script) => void sources.push(script.getAttribute('src')!) }).transform(html)
  return sources
}

/** Walks `import … from`, `import "…"` and `export … from` (never import()) from the entry scripts. */
export async function staticImportClosure(entries: string[]) {
  const transpiler = new Bun.Transpiler({ loader: 'js' })
  const seen = new Set<string>()
  const files: { path: string; bytes: Uint8Array<ArrayBuffer> }[] = []
  const queue = [...entries]
  while (queue.length > 0) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    seen.add(path)
    const bytes = await Bun.file(join(DIST_DIR, path)).bytes()
    files.push({ path, bytes })
    for (const found of transpiler.scanImports(new TextDecoder().decode(bytes))) {
      if (found.kind === 'import-statement') queue.push(posix.resolve(posix.dirname(path), found.path))
    }
  }
  return files
}
