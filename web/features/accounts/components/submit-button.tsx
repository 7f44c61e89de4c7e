import type { ReactNode } from 'react'
import { Button } from '../../../ui/button'
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
    <Button type="submit" variant="primary" block disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </Button>
  )
}
