import { t } from '@lingui/core/macro'
import type { Toast } from '../../../ui/toast'

/** Spec 000 §8: what a person reads when the human check itself cannot run, in the language on screen then. */
export const captchaUnavailable = (): Omit<Toast, 'id'> => ({
  title: t`Security verification unavailable`,
  description: t`Please try again or refresh the page.`,
  variant: 'destructive',
})
