// Preloaded only for UI tests (`bun run test:ui`): happy-dom's globals would break Bun.serve in server tests.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost:3000/' })
