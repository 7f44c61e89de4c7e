import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Language } from '../../../../modules/shared/contract'
import { chooseLanguage, currentLanguage } from '../../../i18n/language'
import { type CurrentUserState, currentUserQueryOptions } from '../../../lib/current-user'
import { apiSend } from '../../../lib/http'
import { useToast } from '../../../ui/toast'

/**
 * Switching language from a picker: the screens switch at once, and for someone signed in the
 * account keeps it (PATCH /api/user/profile { language }), so it follows them to another device.
 * Should saving fail, the screens go back to the language the account has, and a toast says so.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const { t } = useLingui()
  const userKey = currentUserQueryOptions().queryKey
  const save = useMutation({
    mutationFn: ({ language }: { language: Language; previous: Language }) => apiSend('PATCH', '/api/user/profile', { language }),
    onError: async (_error, { previous }) => {
      queryClient.setQueryData<CurrentUserState>(userKey, (state) => (state?.user ? { ...state, user: { ...state.user, language: previous } } : state))
      await chooseLanguage(previous)
      toast({ title: t`Your language could not be saved`, description: t`Check your connection and choose it again.`, variant: 'destructive' })
    },
  })
  return async (language: Language) => {
    const previous = currentLanguage()
    if (language === previous) return
    try {
      await chooseLanguage(language)
    } catch {
      // Its catalog could not be fetched (offline before the app kept it): the screens stay as they are.
      toast({ title: t`That language could not be loaded`, description: t`Check your connection and choose it again.`, variant: 'destructive' })
      return
    }
    const state = queryClient.getQueryData<CurrentUserState>(userKey)
    if (!state?.user) return
    queryClient.setQueryData<CurrentUserState>(userKey, { ...state, user: { ...state.user, language } })
    save.mutate({ language, previous })
  }
}
