import { atom, getDefaultStore } from 'jotai'

/** The installed worker that waits to take over; the update banner shows while there is one. */
export const waitingWorkerAtom = atom<ServiceWorker | null>(null)
/** The registration, for the PWA status page. */
export const registrationAtom = atom<ServiceWorkerRegistration | null>(null)

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
      store.set(registrationAtom, registration)
      watchForUpdates(registration)
    } catch (error) {
      console.error('Service worker registration failed:', error)
    }
  })
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // A worker already waiting from an earlier visit counts as an update too.
  if (registration.waiting && navigator.serviceWorker.controller) store.set(waitingWorkerAtom, registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      // With no controller this is the first install, not an update.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) store.set(waitingWorkerAtom, installing)
    })
  })
  // Long-lived tabs (an installed app) would otherwise only look for updates on navigation.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {})
  })
}

/** 'Update': the waiting worker takes over, then the page reloads under it. */
export function applyUpdate(worker: ServiceWorker) {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  worker.postMessage({ type: 'SKIP_WAITING' })
}
