import { mock } from 'bun:test'

/**
 * For UI tests: happy-dom has no navigator.serviceWorker, so tests install this stand-in,
 * whose objects carry only what the PWA code reads.
 */
export function fakeWorker(state: ServiceWorkerState) {
  return Object.assign(new EventTarget(), { state, postMessage: mock((_message: unknown) => {}) })
}

type FakeWorker = ReturnType<typeof fakeWorker>

/** An activated registration; tests move workers in and out of its slots. */
export function fakeRegistration() {
  return Object.assign(new EventTarget(), {
    scope: 'http://localhost:3000/',
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
    active: fakeWorker('activated') as FakeWorker | null,
    update: mock(async () => {}),
  })
}

export function installFakeServiceWorker(registration = fakeRegistration()) {
  const container = Object.assign(new EventTarget(), {
    controller: registration.active,
    ready: new Promise<never>(() => {}),
    getRegistration: mock(async () => registration),
  })
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
  return container
}

export function removeFakeServiceWorker() {
  Reflect.deleteProperty(navigator, 'serviceWorker')
}
