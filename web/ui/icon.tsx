import { ICON_PATHS, type IconName } from './icon-paths'

/** Decorative: the words beside an icon carry the meaning, so screen readers skip it. */
export function Icon({ name, className = 'icon' }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

/** An icon on the soft square that introduces a point or a card (`.icon-tile` in components.css); `className` places it. */
export function IconTile({ name, className }: { name: IconName; className?: string }) {
  return (
    <span className={className ? `icon-tile ${className}` : 'icon-tile'} aria-hidden="true">
      <Icon name={name} />
    </span>
  )
}
