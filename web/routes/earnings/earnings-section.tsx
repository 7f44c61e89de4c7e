import type { ReactNode } from 'react'

/** One section of the earnings screen: a region named by its heading (`id`, for a list inside that is named by it too). */
export function EarningsSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id} className="runner-section__heading">
        {title}
      </h2>
      {children}
    </section>
  )
}
