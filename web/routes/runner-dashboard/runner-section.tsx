import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { FailedState } from '../../ui/empty-state'

type RunnerSectionProps<Data> = {
  title: string
  /** What the section shows, busy until it first answers. */
  query: UseQueryResult<Data>
  /** The skeleton standing in meanwhile: its classes, and what it is said to be loading. */
  skeleton: { className: string; label: string }
  /** What a failed load says, above 'Try Again'. */
  failed: string
  children: (data: Data) => ReactNode
}

/** One section of the runner dashboard under its heading: a skeleton while its query loads, the failure with a retry, or its data. */
export function RunnerSection<Data>({ title, query, skeleton, failed, children }: RunnerSectionProps<Data>) {
  const headingId = useId()
  return (
    <section className="stack" aria-labelledby={headingId} aria-busy={query.isPending}>
      <h2 id={headingId} className="runner-section__heading">
        {title}
      </h2>
      {query.isPending ? (
        <div className={`skeleton ${skeleton.className}`} role="status" aria-label={skeleton.label} />
      ) : query.isError ? (
        <FailedState title={failed} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </section>
  )
}
