/**
 * Line icons on a 24×24 grid, stroked, as path data only, so the React app and the server-rendered
 * welcome page draw the same shapes without an icon library.
 */

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`

export const ICON_PATHS = {
  bag: ['M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z', 'M9 11V7a3 3 0 0 1 6 0v4'],
  bicycle: [circle(5.5, 16.5, 3.5), circle(18.5, 16.5, 3.5), 'M5.5 16.5 9 9h5.5l4 7.5', 'M9 9l2.5 7.5 3-7.5', 'M13 5.5h3l-1.5 3.5', 'M7.5 6.5h3'],
  repeat: ['M17 3l3 3-3 3', 'M4 11V9.5A3.5 3.5 0 0 1 7.5 6H20', 'M7 21l-3-3 3-3', 'M20 13v1.5a3.5 3.5 0 0 1-3.5 3.5H4'],
  tag: ['M3.5 12.1V4.5a1 1 0 0 1 1-1h7.6a1 1 0 0 1 .7.3l8.4 8.4a1 1 0 0 1 0 1.4l-7.6 7.6a1 1 0 0 1-1.4 0l-8.4-8.4a1 1 0 0 1-.3-.7z', circle(8, 8, 1.5)],
  shield: ['M12 3l7.5 3v5.5c0 4.6-3.2 8.4-7.5 9.5-4.3-1.1-7.5-4.9-7.5-9.5V6z', 'M8.8 12.2l2.2 2.2 4.2-4.4'],
  people: [circle(9, 8, 3.5), 'M2.5 20.5a6.5 6.5 0 0 1 13 0', 'M15.5 4.7a3.5 3.5 0 0 1 0 6.6', 'M18 14.5a6.5 6.5 0 0 1 3.5 6'],
  lock: ['M7 11h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2z', 'M8 11V7.5a4 4 0 0 1 8 0V11', 'M12 15v2'],
  chevronDown: ['M6 9l6 6 6-6'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
  store: ['M4 10.5V20h16v-9.5', 'M3 10.5 5 4h14l2 6.5a2.6 2.6 0 0 1-4.5 1.8 2.6 2.6 0 0 1-4.5 0 2.6 2.6 0 0 1-4.5 0A2.6 2.6 0 0 1 3 10.5z', 'M10 20v-5h4v5'],
  clock: [circle(12, 12, 9), 'M12 7v5l3.5 2'],
  qrCode: [
    'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4z',
    'M6.5 6.5h1v1h-1zM16.5 6.5h1v1h-1zM6.5 16.5h1v1h-1z',
    'M14 14h2.5v2.5H14zM17.5 17.5H20V20h-2.5zM14 19v1M20 14v1',
  ],
} as const satisfies Record<string, readonly string[]>

export type IconName = keyof typeof ICON_PATHS
