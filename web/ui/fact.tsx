import type { ReactNode } from 'react'

type FactProps = {
  term: ReactNode
  /** Sets the line apart, such as a total or an aside. */
  className?: string
  valueClassName?: string
  children: ReactNode
}

/** One line of a description list: what it is, then its value (a store, a fee, a total). */
export function Fact({ term, className, valueClassName, children }: FactProps) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  )
}
