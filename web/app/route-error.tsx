import type { ErrorComponentProps } from '@tanstack/react-router'
import { UnexpectedAnswerError } from '../lib/http'
import { RenderFailure } from '../ui/error-boundary'

/**
 * Every route's error screen, never a blank page: an answer outside the contract says so in
 * words a person can act on, and the refresh also fetches a newer app, which is what cures it.
 */
export function RouteError({ error }: ErrorComponentProps) {
  return <RenderFailure detail={error instanceof UnexpectedAnswerError ? error.message : undefined} />
}
