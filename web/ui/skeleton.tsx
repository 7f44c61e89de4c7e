import type { HTMLAttributes } from 'react'

// Placeholders never move or change, so each place in the row is its own stable key.
const PLACES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth']

type SkeletonsProps = HTMLAttributes<HTMLElement> & { count: number; as?: 'li' | 'div' }

/** A few card-shaped placeholders where a list is loading; className gives them the card's size. */
export function Skeletons({ count, as: Place = 'li', className, ...rest }: SkeletonsProps) {
  return PLACES.slice(0, count).map((place) => <Place key={place} className={`skeleton ${className ?? ''}`.trim()} {...rest} />)
}
