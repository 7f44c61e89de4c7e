// Preloaded only for UI tests (`bun run test:ui`): happy-dom's globals would break Bun.serve in server tests.
import { afterEach } from 'bun:test'
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { linguiPlugin } from '../i18n/bun-plugin'
import { restoreFetch } from './fake-api'
import { printNodesSmall } from './printed-node'

GlobalRegistrator.register({ url: 'http://localhost:3000/' })
// Screens' messages are Lingui macros and PO catalogs, compiled on import as the build does.
Bun.plugin(linguiPlugin())
printNodesSmall()

// Imported once the DOM exists, which React DOM looks for as it loads.
const { cleanup, configure } = await import('@testing-library/react')

// A screen's first render loads its route's code and warms its queries; on CI's two shared cores
// that can pass Testing Library's default second. A wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 5_000 })

// A hook in the preload runs after every test of every file: no screen and no fake server outlives its test.
afterEach(() => {
  cleanup()
  restoreFetch()
})
