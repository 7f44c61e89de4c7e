import { mock } from 'bun:test'
import { fakeRegistration, installFakeServiceWorker, removeFakeServiceWorker } from './fake-service-worker'

type Shown = { title: string; options: NotificationOptions; closed: boolean }

/**
 * The browser's notifications for UI tests, which happy-dom lacks: a Notification API whose
 * permission the test sets (and whose prompt answers as told), and a service worker
 * registration that records what it was asked to show and what was closed since.
 */
export function installFakeNotifications({
  permission = 'granted',
  answer = 'granted',
}: {
  permission?: NotificationPermission
  answer?: NotificationPermission
} = {}) {
  const original = Reflect.getOwnPropertyDescriptor(window, 'Notification')
  const shown: Shown[] = []
  const FakeNotification = Object.assign(function FakeNotification() {}, {
    permission,
    requestPermission: mock(async () => {
      FakeNotification.permission = answer
      return answer
    }),
  })
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true })
  const registration = Object.assign(fakeRegistration(), {
    showNotification: mock(async (title: string, options: NotificationOptions = {}) => {
      shown.push({ title, options, closed: false })
    }),
    getNotifications: mock(async ({ tag }: { tag?: string } = {}) =>
      shown.filter((entry) => !entry.closed && (tag === undefined || entry.options.tag === tag)).map((entry) => ({ close: () => (entry.closed = true) })),
    ),
  })
  installFakeServiceWorker(registration as unknown as ReturnType<typeof fakeRegistration>)
  return {
    shown,
    Notification: FakeNotification,
    restore: () => {
      if (original) Object.defineProperty(window, 'Notification', original)
      else Reflect.deleteProperty(window, 'Notification')
      removeFakeServiceWorker()
    },
  }
}
