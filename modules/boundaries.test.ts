import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  contractLeaks,
  crossings,
  doorNames,
  foreignTableUses,
  importCircles,
  isContractFile,
  renamedDoorEntries,
  webLayerViolation,
} from '../testing/module-rules'
import { macrosInServerLane } from '../testing/server-lane'
import { SourceSet } from '../testing/source-graph'

/**
 * The one-door rule (ARCHITECTURE.md): code outside a module reaches it only through its
 * index.ts, and the browser only through its contract.ts, which must itself stay free of
 * server code. Each rule also runs on planted violations, which it must catch.
 */
const root = resolve(import.meta.dir, '..')
const sourceFiles = [...new Bun.Glob('{modules,web,cli,db,testing,server}/**/*.{ts,tsx}').scanSync(root), 'index.ts'].filter(
  (file) => !file.includes('node_modules'),
)
const repository = SourceSet.read(root, sourceFiles)
/** Code that runs in production: tests, their helpers and the browser (which has no tables) aside. */
const productFiles = sourceFiles.filter((file) => !file.includes('.test.') && !file.startsWith('web/') && !file.startsWith('testing/'))

/**
 * What a contract may reach besides other contracts. modules/shared's contract re-exports its
 * browser-safe kernel from the files where the server reads it too: these, and nothing else of it.
 */
const SHARED_BROWSER_SAFE = ['constants', 'error-codes', 'geo', 'languages', 'money', 'phone', 'text', 'time-zone'].map((name) => `modules/shared/${name}.ts`)

/** The packages the browser door may use, each with why. Any other package, or any other file, fails. */
const BROWSER_PACKAGES: Record<string, string> = {
  zod: 'the request and response schemas themselves, validated alike on both sides',
  '@date-fns/tz': "stores' and runners' weekly hours are read in their own time zone in the browser as on the server; a pure library with no dependencies",
}

const BROWSER_DOOR = { files: SHARED_BROWSER_SAFE, packages: BROWSER_PACKAGES }

/**
 * The most run-time names a module's door (its index.ts) may hand out: a door of a few verbs,
 * grouped into namespace objects where they belong together. The kernel, shared, is exempt.
 */
const DOOR_LIMIT = 20
const DOOR_LIMITS: Record<string, number> = {
  catalog: 20,
  // The modules split out of orders: a door of a few verbs each.
  conversation: 12,
  trust: 12,
  scheduling: 12,
  tracking: 12,
}
const doors = [...new Set([...sourceFiles.flatMap((file) => /^modules\/([^/]+)\/index\.ts$/.exec(file)?.[1] ?? []), ...Object.keys(DOOR_LIMITS)])]
  .filter((module) => module !== 'shared')
  .sort()

const serverCrossings = (set: SourceSet) =>
  crossings(set)
    .filter(({ from }) => !from.startsWith('web/') || from === 'web/host.ts')
    .filter(({ to }) => !to.endsWith('/index'))
    // A contract may build on another module's contract: both are pure and browser-safe.
    .filter(({ from, to }) => !(isContractFile(from) && to.endsWith('/contract')))

/**
 * Payments' gateways wing serves one chooser: server/providers.ts picks the embedded gateway or
 * Stripe, and the money rules receive it. Tests, their helpers and the bench build one themselves.
 */
const GATEWAYS_DOOR = 'modules/payments/gateways/index.ts'
const mayChooseGateway = (file: string) =>
  file === 'server/providers.ts' ||
  file.includes('.test.') ||
  file.startsWith('testing/') ||
  file.startsWith('cli/bench/') ||
  file.startsWith('modules/payments/gateways/')
const gatewayChoosers = (set: SourceSet) =>
  set
    .edges()
    .filter(({ from, to }) => to === GATEWAYS_DOOR && !mayChooseGateway(from))
    .map(({ from }) => from)

describe('module boundaries', () => {
  test('the lexer sees every import Bun.Transpiler sees, and the type-only ones it leaves out', () => {
    const scanners = { ts: new Bun.Transpiler({ loader: 'ts' }), tsx: new Bun.Transpiler({ loader: 'tsx' }) }
    const missed = sourceFiles.flatMap((path) => {
      const text = readFileSync(resolve(root, path), 'utf8')
      const seen = new Set(repository.files.get(path)!.imports.map(({ spec }) => spec))
      return (
        scanners[path.endsWith('.tsx') ? 'tsx' : 'ts']
          .scanImports(text)
          // The automatic JSX runtime's imports are the transpiler's, not the file's.
          .filter(({ path: spec }) => !seen.has(spec) && !(path.endsWith('.tsx') && /^react(\/jsx-dev-runtime)?$/.test(spec)))
          .map(({ path: spec }) => `${path}: ${spec}`)
      )
    })
    expect(missed).toEqual([])
    const planted = repository.plant({
      'modules/orders/planted.ts': [
        "import type { Order } from './model'",
        'import {',
        '  type OrderStatus,',
        '  other,',
        "} from './status'",
        "export type { Chat } from './chat'",
        "const text = `import { users } from '../accounts/schema'`",
        "type Later = import('./later').Later",
      ].join('\n'),
    })
    expect(planted.files.get('modules/orders/planted.ts')!.imports.map(({ spec, typeOnly }) => [spec, typeOnly])).toEqual([
      ['./model', true],
      ['./status', false],
      ['./chat', true],
      ['./later', false],
    ])
  })

  test('server code enters another module only through its index.ts', () => {
    expect(serverCrossings(repository)).toEqual([])
  })

  test('the browser enters a module only through its contract.ts', () => {
    const violations = crossings(repository)
      .filter(({ from }) => from.startsWith('web/') && from !== 'web/host.ts' && !from.includes('/e2e/'))
      .filter(({ to }) => !to.endsWith('/contract'))
    expect(violations).toEqual([])
  })

  test('the door rule catches a deep import, type-only or renamed', () => {
    const planted = repository.plant({ 'modules/orders/planted.ts': "import type { users as people } from '../accounts/schema'" })
    expect(serverCrossings(planted)).toEqual([{ from: 'modules/orders/planted.ts', to: 'modules/accounts/schema' }])
  })

  test("in web/, no feature imports another, and no route reaches into another route's folder", () => {
    const violations = repository
      .edges()
      .filter(({ from }) => from.startsWith('web/'))
      .flatMap(({ from, to }) => webLayerViolation(from, to) ?? [])
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

  test("a contract reaches, through all its imports, only contracts, shared's browser-safe kernel and the listed packages", () => {
    expect(sourceFiles.filter(isContractFile).length).toBeGreaterThan(0)
    expect(contractLeaks(repository, BROWSER_DOOR)).toEqual([])
  })

  test('the contract rule catches a table re-exported from ./schema, and a server file three imports away', () => {
    const contract = 'modules/catalog/contract.ts'
    const text = readFileSync(resolve(root, contract), 'utf8')
    const planted = repository.plant({
      [contract]: `${text}\nexport { stores } from './schema'\n`,
      'modules/orders/contract/planted.ts': "export type { Price } from './planted-price'",
      'modules/orders/contract/planted-price.ts': "import type { At } from './planted-at'\nexport type Price = { at: At }",
      'modules/orders/contract/planted-at.ts': "import type { Clock } from '../../shared/clock'\nexport type At = Clock",
    })
    const clock = "modules/shared/clock.ts (modules/orders/contract/planted-at.ts imports '../../shared/clock')"
    // Every contract that imports the catalog's, directly or through another, reaches the planted table.
    const throughCatalog = [
      'trust/contract',
      'conversation/contract',
      'cart-checkout/contract',
      'orders/contract',
      'orders/contract/lines',
      'orders/contract/order',
      'runner/contract',
      'catalog/contract',
    ]
    expect(contractLeaks(planted, BROWSER_DOOR)).toEqual([
      ...throughCatalog.map((file) => `modules/${file}.ts reaches modules/catalog/schema.ts (${contract} imports './schema')`),
      `modules/orders/contract/planted.ts reaches ${clock}`,
      `modules/orders/contract/planted-price.ts reaches ${clock}`,
      `modules/orders/contract/planted-at.ts reaches ${clock}`,
    ])
  })

  test('only server/providers.ts (and tests, their helpers and the bench) import the gateways wing', () => {
    expect(gatewayChoosers(repository)).toEqual([])
  })

  test('the gateways rule catches a module, the CLI or payments itself choosing a gateway', () => {
    const planted = repository.plant({
      'modules/orders/planted.ts': "import { embeddedGateway } from '../payments/gateways/index'",
      'cli/commands/planted.ts': "import type { StripeSettings } from '../../modules/payments/gateways/index'",
      'modules/payments/planted.ts': "import { stripeGateway } from './gateways/index'",
      'testing/planted.ts': "import { embeddedGateway } from '../modules/payments/gateways/index'",
    })
    expect(gatewayChoosers(planted)).toEqual(['modules/orders/planted.ts', 'cli/commands/planted.ts', 'modules/payments/planted.ts'])
  })

  test('no code uses a table its module does not own (tests may look, to check what was written)', () => {
    expect(foreignTableUses(repository, productFiles)).toEqual([])
  })

  test('the table rule catches a table renamed, re-exported or in a namespace, and raw SQL on another module’s table', () => {
    const planted = repository.plant({
      'modules/orders/planted.ts': [
        "import { stores as s } from '../catalog/schema'",
        "import * as accounts from '../accounts/schema'",
        "import { shelf } from './planted-door'",
        "import { sql as q } from 'drizzle-orm'",
        'await db.select().from(s).innerJoin(accounts.users, eq(accounts.users.id, s.ownerId))',
        'await db.delete(shelf)',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text, its template's placeholder included
        'await db.execute(q`update "stores" set is_open = false where id = ${id}`)',
        "await db.execute(q.raw('insert into users (id) values (1)'))",
        'const [{ buyers }] = await db.select({ buyers: q<number>`(select count(*) from "public"."users")` }).from(orders)',
        'await db.update(orders).set({ status: sql`(select status from orders)` })',
      ].join('\n'),
      'modules/orders/planted-door.ts': "export { items as shelf } from '../catalog/index'",
      'modules/catalog/index.ts': "export { items } from './schema'",
    })
    expect(foreignTableUses(planted, ['modules/orders/planted.ts'])).toEqual([
      "modules/orders/planted.ts: s is catalog's table stores",
      "modules/orders/planted.ts: shelf is catalog's table items",
      "modules/orders/planted.ts: accounts.users is accounts's table users",
      "modules/orders/planted.ts: accounts.users is accounts's table users",
      "modules/orders/planted.ts: its SQL names catalog's table stores",
      "modules/orders/planted.ts: its SQL names accounts's table users",
      "modules/orders/planted.ts: its SQL names accounts's table users",
    ])
    expect(foreignTableUses(planted, ['modules/orders/planted-door.ts'])).toEqual(["modules/orders/planted-door.ts: shelf is catalog's table items"])
    expect(foreignTableUses(planted, ['modules/catalog/index.ts'])).toEqual([])
  })

  test('no two files import each other, through any circle, type-only imports included', () => {
    expect(importCircles(repository)).toEqual([])
  })

  test('the circle rule catches a circle closed by a type-only import', () => {
    const planted = repository.plant({
      'modules/orders/planted-a.ts': "import { b } from './planted-b'\nexport const a = b + 1",
      'modules/orders/planted-b.ts': "import { c } from './planted-c'\nexport const b = c",
      'modules/orders/planted-c.ts': "import type { A } from './planted-a'\nexport const c: A = 1",
    })
    expect(importCircles(planted)).toContainEqual(['modules/orders/planted-a.ts', 'modules/orders/planted-b.ts', 'modules/orders/planted-c.ts'])
  })

  for (const module of doors) {
    const door = `modules/${module}/index.ts`
    const limit = DOOR_LIMITS[module] ?? DOOR_LIMIT
    test.skipIf(!existsSync(resolve(root, door)))(`the ${module} door hands out at most ${limit} run-time names`, () => {
      const names = doorNames(repository, door)
      expect({ door, count: names.length, names }).toEqual({ door, count: Math.min(names.length, limit), names })
    })
  }

  test('the door counter counts run-time names: types aside, a namespace object or `export * as` one, `export *` by what it brings', () => {
    const planted = repository.plant({
      'modules/planted/index.ts': [
        "import { c, type C } from './c'",
        "export { a, type A } from './a'",
        "export type { B } from './b'",
        "export * from './star'",
        "export * as grouped from './grouped'",
        "export type * from './types'",
        'export const one = 1',
        'export async function two() {}',
        'export class Three {}',
        'export type Four = string',
        'export interface Five {}',
        'export { c, type C }',
        'export const door = { one, two }',
      ].join('\n'),
      'modules/planted/a.ts': 'export const a = 1\nexport type A = 1',
      'modules/planted/b.ts': 'export type B = 1',
      'modules/planted/c.ts': 'export const c = 1\nexport type C = 1',
      'modules/planted/grouped.ts': 'export const g = 1',
      'modules/planted/types.ts': 'export type T = 1',
      'modules/planted/star.ts': "export const s1 = 1\nexport type S2 = 2\nexport function s3() {}\nexport default s3\nexport * from './star-deeper'",
      'modules/planted/star-deeper.ts': 'export enum S4 { On }',
    })
    expect(doorNames(planted, 'modules/planted/index.ts')).toEqual(['S4', 'Three', 'a', 'c', 'door', 'grouped', 'one', 's1', 's3', 'two'])
  })

  test("an object a door hands out keeps each function's own name, so a search for the entry finds its definition", () => {
    const doorsBound = doors.map((module) => `modules/${module}/index.ts`)
    expect([...doorsBound, 'modules/shared/index.ts'].flatMap((door) => renamedDoorEntries(repository, door))).toEqual([])
  })

  test('the name rule catches an entry renamed, through an import alias or another object, and passes data and shorthand', () => {
    const planted = repository.plant({
      'modules/planted/index.ts': [
        "import { listOrdersForSupport, refundOrder } from './support'",
        "import { RETRY_MS } from './constants'",
        "import * as payments from './payments'",
        "export { desk } from './desk'",
        'export const support: Support = {',
        '  list: listOrdersForSupport,',
        '  refundOrder,',
        '  retryMs: RETRY_MS,',
        "  channels: ['a', 'b'],",
        '  refund: payments.refundOrder,',
        '  captureOrder: payments.captureOrder,',
        '  show(id: string) { return id },',
        '  ...payments.more,',
        '}',
        'type Support = { list: () => void }',
      ].join('\n'),
      'modules/planted/support.ts': 'export function listOrdersForSupport() {}\nexport const refundOrder = async (id: string): Promise<string> => id',
      'modules/planted/constants.ts': 'export const RETRY_MS = 1000',
      'modules/planted/payments.ts': 'export const refundOrder = (id) => id\nexport const captureOrder = (id) => id\nexport const more = {}',
      'modules/planted/desk.ts': "import { runPayouts as go, statement as lines } from './run'\nexport const desk = { run: go, go, lines }",
      'modules/planted/run.ts': 'export const runPayouts = async () => {}\nexport const statement = 1',
    })
    expect(renamedDoorEntries(planted, 'modules/planted/index.ts')).toEqual([
      'modules/planted/index.ts: desk.run is runPayouts',
      'modules/planted/index.ts: desk.go is runPayouts',
      'modules/planted/index.ts: support.list is listOrdersForSupport',
      'modules/planted/index.ts: support.refund is refundOrder',
      'modules/planted/index.ts: support spreads payments.more, whose entries no search finds here',
    ])
  })
})

/**
 * The server lane (`*.test.ts`) runs without Lingui's macro plugin, so a test there that loads a
 * macro, however deep in its imports, fails to import at all: such a test belongs in the UI lane
 * (`*.test.tsx`).
 */
describe('the server lane loads no Lingui macro', () => {
  const serverLaneTests = (set: SourceSet) => [...set.files.keys()].filter((file) => file.endsWith('.test.ts'))

  test('no .test.ts file imports a module that uses a macro, directly or through others', () => {
    expect(macrosInServerLane(repository, serverLaneTests(repository))).toEqual([])
  })

  test('the rule catches a macro imported directly, through a chain, and through a re-export; type-only imports and UI tests pass', () => {
    const planted = repository.plant({
      'modules/orders/planted-direct.test.ts': "import { t } from '@lingui/core/macro'",
      'modules/orders/planted-chain.test.ts': "import { label } from './planted-label'",
      'modules/orders/planted-label.ts': "export { label } from '../../web/planted-words'",
      'web/planted-words.tsx': "import { Trans } from '@lingui/react/macro'\nexport const label = <Trans>Hello</Trans>",
      'modules/orders/planted-types.test.ts': "import type { Label } from './planted-typed'\nimport { type Other } from './planted-typed'",
      'modules/orders/planted-typed.ts': "import { msg } from '@lingui/core/macro'\nexport type Label = string\nexport type Other = number",
      'web/planted-screen.test.tsx': "import { label } from './planted-words'",
    })
    expect(
      macrosInServerLane(
        planted,
        serverLaneTests(planted).filter((file) => file.includes('planted')),
      ),
    ).toEqual([
      'modules/orders/planted-direct.test.ts imports @lingui/core/macro',
      'modules/orders/planted-chain.test.ts → modules/orders/planted-label.ts → web/planted-words.tsx imports @lingui/react/macro',
    ])
  })
})
