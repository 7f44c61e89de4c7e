import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { chooseLanguage, currentLanguage } from '../../i18n/language'
import { currentUserQueryOptions } from '../../lib/current-user'

/**
 * Signed in, the account's language wins over this device's: someone who chose Gujarati on their
 * phone sees Gujarati on the family tablet too, and this device remembers it from then on.
 */
export function useFollowAccountLanguage() {
  // Reads whatever the screens fetched: the always-open pages (the landing) ask for no user.
  const language = useQuery({ ...currentUserQueryOptions(), enabled: false }).data?.user?.language
  useEffect(() => {
    if (language && language !== currentLanguage()) chooseLanguage(language).catch(() => {})
  }, [language])
}
