import { describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { macrosInServerLane } from './server-lane'
import { SourceSet } from './source-graph'

/**
 * The server lane (`*.test.ts`) runs without Lingui's macro plugin, so a test there that loads a
 * macro, however deep in its imports, fails to import at all: such a test belongs in the UI lane
 * (`*.test.tsx`). The rule also runs on planted cases, which it must catch.
 */
const root = resolve(import.meta.dir, '..')
const sourceFiles = [...new Bun.Glob('{modules,web,cli,db,testing,server}/**/*.{ts,tsx}').scanSync(root), 'index.ts'].filter(
  (file) => !file.includes('node_modules'),
)
const repository = SourceSet.read(root, sourceFiles)
const serverLaneTests = (set: SourceSet) => [...set.files.keys()].filter((file) => file.endsWith('.test.ts'))

describe('the server lane loads no Lingui macro', () => {
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
