import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from './button'

type EmptyStateProps = {
  title: string
  hint?: ReactNode
  /** A failure, announced as it appears; an empty list is not. */
  alert?: boolean
  /** The way on, such as a button. */
  children?: ReactNode
}

/** Nothing to show in a section yet, or its load failed: a title, a hint when there is one, and maybe a way on (styles in card.css). */
export function EmptyState({ title, hint, alert = false, children }: EmptyStateProps) {
  return (
    <div className="empty-state" role={alert ? 'alert' : undefined}>
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {children}
    </div>
  )
}

/** A section whose load failed: said at once, with 'Try Again'. */
export function FailedState({ title, hint, onRetry }: { title: string; hint?: ReactNode; onRetry: () => void }) {
  return (
    <EmptyState title={title} hint={hint} alert>
      <Button type="button" size="small" onClick={onRetry}>
        <Trans>Try Again</Trans>
      </Button>
    </EmptyState>
  )
}

/** A part of a form whose load failed, in the box its screen gives it: the words, then a small 'Try Again'. */
export function RetryNotice({ className, message, onRetry }: { className: string; message: string; onRetry: () => void }) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <Button type="button" size="small" onClick={onRetry}>
        <Trans>Try Again</Trans>
      </Button>
    </div>
  )
}
