import type { ReactNode } from 'react'
import { Spinner } from '../../../ui/loading-screen'

type SubmitButtonProps = {
  pending: boolean
  /** What the button says while the request runs, e.g. 'Signing in...'. */
  pendingLabel: string
  disabled?: boolean
  children: ReactNode
}

/** A form's main button. It is disabled while its request runs, so one press sends one request. */
export function SubmitButton({ pending, pendingLabel, disabled = false, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </button>
  )
}
