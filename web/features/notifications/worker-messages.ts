/**
 * What the service workers tell open pages after a browser notification was clicked: the page
 * brought forward goes to `path`; every page refetches its notifications once the click's
 * notification is marked read.
 */
export type WorkerNotificationMessage = { type: 'kirana:notification-open'; path: string } | { type: 'kirana:notifications-changed' }

export const isWorkerNotificationMessage = (data: unknown): data is WorkerNotificationMessage =>
  typeof data === 'object' &&
  data !== null &&
  ((data as { type?: unknown }).type === 'kirana:notification-open' || (data as { type?: unknown }).type === 'kirana:notifications-changed')
