import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * The one-door rule (ARCHITECTURE.md): code outside a module reaches it only through its
 * index.ts, and the browser only through its contract.ts, which must itself stay free of
 * server code.
 */
const root = resolve(import.meta.dir, '..')
const sourceFiles = [...new Bun.Glob('{modules,web,cli,db,testing}/**/*.{ts,tsx}').scanSync(root), 'index.ts'].filter(
  (file) => !file.includes('node_modules'),
)

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g

function importsOf(file: string) {
  const text = readFileSync(join(root, file), 'utf8')
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]!).filter((spec) => spec.startsWith('.'))
}

/** 'modules/<m>/<rest>' for a path inside a module, else null. */
function moduleOf(path: string) {
  const match = /^modules\/([^/]+)\/(.+)$/.exec(path)
  return match ? { name: match[1]!, rest: match[2]!.replace(/\.(ts|tsx)$/, '') } : null
}

function crossings() {
  const found: { from: string; to: string }[] = []
  for (const file of sourceFiles) {
    const from = moduleOf(file)
    for (const spec of importsOf(file)) {
      const target = relative(root, resolve(root, dirname(file), spec))
      const to = moduleOf(target)
      if (!to || from?.name === to.name) continue
      found.push({ from: file, to: `modules/${to.name}/${to.rest}` })
    }
  }
  return found
}

describe('module boundaries', () => {
  test('server code enters another module only through its index.ts', () => {
    const violations = crossings()
      .filter(({ from }) => !from.startsWith('web/') || from === 'web/host.ts')
      .filter(({ to }) => !to.endsWith('/index'))
      // A contract may build on another module's contract: both are pure and browser-safe.
      .filter(({ from, to }) => !(from.endsWith('/contract.ts') && to.endsWith('/contract')))
    expect(violations).toEqual([])
  })

  test('the browser enters a module only through its contract.ts', () => {
    const violations = crossings()
      .filter(({ from }) => from.startsWith('web/') && from !== 'web/host.ts' && !from.includes('/e2e/'))
      .filter(({ to }) => !to.endsWith('/contract'))
    expect(violations).toEqual([])
  })

  test('a contract imports nothing but other contracts and zod', () => {
    const contracts = sourceFiles.filter((file) => /^modules\/[^/]+\/contract\.ts$/.test(file))
    expect(contracts.length).toBeGreaterThan(0)
    for (const file of contracts) {
      const text = readFileSync(join(root, file), 'utf8')
      const specs = [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]!)
      for (const spec of specs) expect(spec.startsWith('.') || spec === 'zod').toBe(true)
    }
  })

  test('the rule catches a deep import', () => {
    const deep = "import { users } from '../accounts/schema'"
    const match = [...deep.matchAll(IMPORT)][0]
    expect(match?.[1]).toBe('../accounts/schema')
    expect(moduleOf(relative(root, resolve(root, 'modules/orders', '../accounts/schema')))).toEqual({ name: 'accounts', rest: 'schema' })
  })
})
