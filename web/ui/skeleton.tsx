import type { HTMLAttributes } from 'react'
import { cardClassName } from './card'

// Placeholders never move or change, so each place in the row is its own stable key.
const PLACES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth']

type SkeletonsProps = HTMLAttributes<HTMLElement> & { count: number; as?: 'li' | 'div'; compact?: boolean }

/** A few card-shaped placeholders where a list is loading; compact and className give them the card's size. */
export function Skeletons({ count, as: Place = 'li', compact, className, ...rest }: SkeletonsProps) {
  return PLACES.slice(0, count).map((place) => <Place key={place} className={cardClassName({ compact }, `skeleton ${className ?? ''}`.trim())} {...rest} />)
}
