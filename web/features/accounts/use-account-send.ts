import { type FieldErrors, failureMessage } from '../../lib/form-errors'
import { useToast } from '../../ui/toast'
import { accountFieldErrors } from './account-field-errors'

type AccountSend = {
  /** Shows messages under the form's fields: useValidatedForm's showErrors. */
  showErrors: (errors: FieldErrors) => void
  /** true as the request leaves, false if it fails: the page keeps the form up meanwhile. */
  onBusy: (busy: boolean) => void
  /** The failure toast's title, and its text when the server gave none. */
  failed: { title: string; fallback: string }
}

/**
 * How the forms that sign someone in (log in, sign up, sign up to verify) send: the page is told
 * the request is under way; a refusal puts the server's messages under their fields, frees the
 * page, and is toasted.
 */
export function useAccountSend({ showErrors, onBusy, failed }: AccountSend) {
  const { toast } = useToast()
  return async (send: () => Promise<void>) => {
    onBusy(true)
    try {
      await send()
    } catch (error) {
      onBusy(false)
      showErrors(accountFieldErrors(error))
      toast({ title: failed.title, description: failureMessage(error, failed.fallback), variant: 'destructive' })
    }
  }
}
