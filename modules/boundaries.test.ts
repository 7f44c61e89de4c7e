import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * The one-door rule (ARCHITECTURE.md): code outside a module reaches it only through its
 * index.ts, and the browser only through its contract.ts, which must itself stay free of
 * server code.
 */
const root = resolve(import.meta.dir, '..')
const sourceFiles = [...new Bun.Glob('{modules,web,cli,db,testing,server}/**/*.{ts,tsx}').scanSync(root), 'index.ts'].filter(
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

/** Each module's tables, from its schema.ts: `export const name = pgTable(`. */
function tablesByModule(): Map<string, string> {
  const owner = new Map<string, string>()
  for (const file of sourceFiles.filter((path) => /^modules\/[^/]+\/schema\.ts$/.test(path))) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const match of text.matchAll(/export const (\w+) = pgTable\(/g)) owner.set(match[1]!, moduleOf(file)!.name)
  }
  return owner
}

const QUERY = /\.(from|insert|update|delete|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*([A-Za-z_$][\w$]*)\b/g

/** Queries in `text` (the source of `file`) on a table some other module owns; code outside modules owns none. */
export function foreignTableQueries(file: string, text: string, owners = tablesByModule()) {
  const own = moduleOf(file)?.name
  return [...text.matchAll(QUERY)]
    .filter((match) => owners.has(match[2]!) && owners.get(match[2]!) !== own)
    .map((match) => `${file}: .${match[1]}(${match[2]}) queries ${owners.get(match[2]!)}'s table`)
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

  test("no code queries a table its module does not own (tests may look, to check what was written)", () => {
    const owners = tablesByModule()
    expect(owners.get('users')).toBe('accounts')
    const violations = sourceFiles
      .filter((file) => !file.includes('.test.') && !file.startsWith('web/') && !file.startsWith('testing/'))
      .flatMap((file) => foreignTableQueries(file, readFileSync(join(root, file), 'utf8'), owners))
    expect(violations).toEqual([])
  })

  test('the table rule catches a planted violation, and allows a module its own tables', () => {
    const planted = 'const [user] = await db.select().from(users).where(eq(users.id, id))\nawait tx.update(stores).set({})'
    expect(foreignTableQueries('modules/orders/planted.ts', planted)).toEqual([
      "modules/orders/planted.ts: .from(users) queries accounts's table",
      "modules/orders/planted.ts: .update(stores) queries catalog's table",
    ])
    expect(foreignTableQueries('cli/commands/planted.ts', 'db.delete(orders)')).toHaveLength(1)
    expect(foreignTableQueries('modules/accounts/planted.ts', 'db.select().from(users)')).toEqual([])
  })

  test('the rule catches a deep import', () => {
    const deep = "import { users } from '../accounts/schema'"
    const match = [...deep.matchAll(IMPORT)][0]
    expect(match?.[1]).toBe('../accounts/schema')
    expect(moduleOf(relative(root, resolve(root, 'modules/orders', '../accounts/schema')))).toEqual({ name: 'accounts', rest: 'schema' })
  })
})
