import { type DefaultError, type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'

/**
 * useMutation for an action button: while one call is on its way, `mutate` does nothing. The
 * flag is a ref set before the request starts, so two taps in the same frame (before React has
 * drawn the button disabled) still send one request, not a second one the server refuses with 409.
 * It clears when the mutation settles, whatever became of the screen that started it.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const inFlight = useRef(false)
  const mutation = useMutation({
    ...options,
    onSettled: (...settled) => {
      inFlight.current = false
      return options.onSettled?.(...settled)
    },
  })
  const run = mutation.mutate
  const mutate = useCallback(
    (...call: Parameters<typeof run>) => {
      if (inFlight.current) return
      inFlight.current = true
      run(...call)
    },
    [run],
  )
  return { ...mutation, mutate }
}
