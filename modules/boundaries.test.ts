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

/** A module's browser door: its contract.ts, and the files under contract/ it re-exports, one idea each. */
const isContractFile = (file: string) => /^modules\/[^/]+\/contract(\.ts|\/[^/]+\.ts)$/.test(file)

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

/** Every relative import in web/, as repository paths without extension. */
function webImports() {
  return sourceFiles
    .filter((file) => file.startsWith('web/'))
    .flatMap((file) => importsOf(file).map((spec) => ({ from: file, to: relative(root, resolve(root, dirname(file), spec)) })))
}

/**
 * The browser's layers (bulletproof-react): app, then routes, then features, then web/lib and
 * web/ui. A feature never imports another feature, and a route never reaches into another
 * route's folder (web/routes/<y>/): what two of them share moves down a layer.
 */
export function webLayerViolation(from: string, to: string): string | null {
  const feature = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1]
  if (feature(from) && feature(to) && feature(from) !== feature(to)) return `${from} imports feature ${feature(to)}: ${to}`
  const ownRoute = /^web\/routes\/([^/.]+)[/.]/.exec(from)?.[1]
  const otherFolder = /^web\/routes\/([^/]+)\//.exec(to)?.[1]
  if (ownRoute && otherFolder && ownRoute !== otherFolder) return `${from} reaches into route ${otherFolder}: ${to}`
  return null
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
      .filter(({ from, to }) => !(isContractFile(from) && to.endsWith('/contract')))
    expect(violations).toEqual([])
  })

  test('the browser enters a module only through its contract.ts', () => {
    const violations = crossings()
      .filter(({ from }) => from.startsWith('web/') && from !== 'web/host.ts' && !from.includes('/e2e/'))
      .filter(({ to }) => !to.endsWith('/contract'))
    expect(violations).toEqual([])
  })

  test("in web/, no feature imports another, and no route reaches into another route's folder", () => {
    const violations = webImports().flatMap(({ from, to }) => webLayerViolation(from, to) ?? [])
    expect(violations).toEqual([])
  })

  test('the web layer rule catches planted crossings, and allows what each layer may use', () => {
    expect(webLayerViolation('web/features/catalog/api/items.ts', 'web/features/accounts/api/use-logout')).toBe(
      'web/features/catalog/api/items.ts imports feature accounts: web/features/accounts/api/use-logout',
    )
    expect(webLayerViolation('web/routes/cart.tsx', 'web/routes/store-catalog/item-price')).toBe(
      'web/routes/cart.tsx reaches into route store-catalog: web/routes/store-catalog/item-price',
    )
    expect(webLayerViolation('web/routes/cart/store-summary.tsx', 'web/routes/store-catalog/use-known-store')).not.toBeNull()
    expect(webLayerViolation('web/routes/cart.test.tsx', 'web/routes/store-catalog/render-shop-screen')).not.toBeNull()
    expect(webLayerViolation('web/features/catalog/use-known-store.ts', 'web/features/catalog/store-cache')).toBeNull()
    expect(webLayerViolation('web/features/catalog/api/items.ts', 'web/lib/current-user')).toBeNull()
    expect(webLayerViolation('web/routes/cart.tsx', 'web/routes/cart/store-summary')).toBeNull()
    expect(webLayerViolation('web/routes/store-catalog.test.tsx', 'web/routes/cart')).toBeNull()
    expect(webLayerViolation('web/routes/cart.tsx', 'web/features/catalog/use-known-store')).toBeNull()
  })

  test('a contract imports nothing but other contracts and zod', () => {
    const contracts = sourceFiles.filter(isContractFile)
    expect(contracts.length).toBeGreaterThan(0)
    for (const file of contracts) {
      const text = readFileSync(join(root, file), 'utf8')
      const specs = [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]!)
      for (const spec of specs) expect(spec.startsWith('.') || spec === 'zod').toBe(true)
    }
  })

  test('no code queries a table its module does not own (tests may look, to check what was written)', () => {
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
