import { atom, getDefaultStore } from 'jotai'

/** The installed worker that waits to take over; the update banner shows while there is one. */
export const waitingWorkerAtom = atom<ServiceWorker | null>(null)

// Set from browser events outside React; main.tsx hands this same store to the Provider.
const store = getDefaultStore()

/**
 * Registers /sw.js (spec 000 §2) and watches for a new version. The dev server (hot reload)
 * has no built worker, so nothing is registered there.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !document.querySelector('meta[name="kirana-environment"]')?.getAttribute('content')) return
  window.addEventListener('load', async () => {
    try {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
      watchForUpdates(registration)
      await claimThisPage()
    } catch (error) {
      console.error('Service worker registration failed:', error)
    }
  })
}

/**
 * The first worker claims the open pages when it activates, but a page whose navigation was under
 * way just then can be missed, and would stay without offline use until the next page load. So
 * once a worker is active, an uncontrolled page asks it to claim again.
 */
async function claimThisPage() {
  const { active } = await navigator.serviceWorker.ready
  if (!navigator.serviceWorker.controller) active?.postMessage({ type: 'CLAIM' })
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // A worker already waiting from an earlier visit counts as an update too.
  if (registration.waiting && navigator.serviceWorker.controller) store.set(waitingWorkerAtom, registration.waiting)
  // The update may have started before register() resolved, so its 'updatefound' is already gone.
  if (registration.installing) watchInstall(registration.installing)
  registration.addEventListener('updatefound', () => {
    if (registration.installing) watchInstall(registration.installing)
  })
  // Long-lived tabs (an installed app) would otherwise only look for updates on navigation.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {})
  })
}

function watchInstall(installing: ServiceWorker) {
  installing.addEventListener('statechange', () => {
    // With no controller this is the first install, not an update.
    if (installing.state === 'installed' && navigator.serviceWorker.controller) store.set(waitingWorkerAtom, installing)
  })
}

/** 'Update': the waiting worker takes over, then the page reloads under it. */
export function applyUpdate(worker: ServiceWorker) {
  // Another tab's 'Update' may have activated it already; only this page is still out of date.
  if (worker.state === 'activating' || worker.state === 'activated') {
    window.location.reload()
    return
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  worker.postMessage({ type: 'SKIP_WAITING' })
}
