import type { DeliveryWindows } from '../features/cart-checkout/api/delivery-windows'

/**
 * A store's windows as GET /api/stores/{id}/delivery-windows answers on a Friday afternoon in
 * Edison (UTC−5 in November): two on Friday evening, the later full and starting after midnight
 * UTC (still Friday there), then two on Saturday morning.
 */
export const someWindows = (): DeliveryWindows => ({
  timeZone: 'America/New_York',
  windows: [
    { start: '2026-11-27T22:00:00.000Z', end: '2026-11-28T00:00:00.000Z', label: 'Fri 17:00–19:00', available: true },
    { start: '2026-11-28T00:00:00.000Z', end: '2026-11-28T02:00:00.000Z', label: 'Fri 19:00–21:00', available: false },
    { start: '2026-11-28T15:00:00.000Z', end: '2026-11-28T17:00:00.000Z', label: 'Sat 10:00–12:00', available: true },
    { start: '2026-11-28T17:00:00.000Z', end: '2026-11-28T19:00:00.000Z', label: 'Sat 12:00–14:00', available: true },
  ],
})

/** The windows with the one starting at `start` now full. */
export const withFull = (windows: DeliveryWindows, start: string): DeliveryWindows => ({
  ...windows,
  windows: windows.windows.map((window) => (window.start === start ? { ...window, available: false } : window)),
})
