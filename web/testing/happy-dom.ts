// Preloaded only for UI tests (`bun run test:ui`): happy-dom's globals would break Bun.serve in server tests.
import { afterEach } from 'bun:test'
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { restoreFetch } from './fake-api'

GlobalRegistrator.register({ url: 'http://localhost:3000/' })

// Imported once the DOM exists, which React DOM looks for as it loads.
const { cleanup } = await import('@testing-library/react')

// A hook in the preload runs after every test of every file: no screen and no fake server outlives its test.
afterEach(() => {
  cleanup()
  restoreFetch()
})
