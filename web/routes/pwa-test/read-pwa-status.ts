/** One reading of everything the PWA status page reports (spec 000 §2). */
export interface PwaStatus {
  serviceWorkerSupported: boolean
  secureContext: boolean
  registration: RegistrationStatus | null
  controlled: boolean
  standalone: boolean
  online: boolean
  userAgent: string
  notificationPermission: NotificationPermission | 'unsupported'
}

export interface RegistrationStatus {
  scope: string
  installing: ServiceWorkerState | null
  waiting: ServiceWorkerState | null
  active: ServiceWorkerState | null
}

export async function readPwaStatus(): Promise<PwaStatus> {
  const serviceWorkerSupported = 'serviceWorker' in navigator
  const registration = serviceWorkerSupported ? await navigator.serviceWorker.getRegistration() : undefined
  return {
    serviceWorkerSupported,
    secureContext: window.isSecureContext,
    registration: registration
      ? {
          scope: registration.scope,
          installing: registration.installing?.state ?? null,
          waiting: registration.waiting?.state ?? null,
          active: registration.active?.state ?? null,
        }
      : null,
    controlled: serviceWorkerSupported && navigator.serviceWorker.controller !== null,
    standalone: isStandalone(),
    online: navigator.onLine,
    userAgent: navigator.userAgent,
    notificationPermission: 'Notification' in window ? Notification.permission : 'unsupported',
  }
}

/** Installed apps run in their own window; iOS Safari reports it through a property of its own. */
function isStandalone() {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
}

/**
 * Asks the server for a newer /sw.js. A found update reaches the update banner through the
 * registration's 'updatefound' listener; the returned text only explains a failed check.
 */
export async function checkForUpdate(): Promise<string | null> {
  if (!('serviceWorker' in navigator)) return null
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return null
  try {
    await registration.update()
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
