import type { Toast } from '../../../ui/toast'

/** Spec 000 §8: what a person reads when the human check itself cannot run. */
export const CAPTCHA_UNAVAILABLE: Omit<Toast, 'id'> = {
  title: 'Security verification unavailable',
  description: 'Please try again or refresh the page.',
  variant: 'destructive',
}
