import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../modules/shared/contract'

/**
 * The language picker of the landing, the account menu and Profile: a real <select>, each
 * language named in its own script (and marked with its lang, so it is read and drawn right).
 */
export function LanguageSelect({
  onChoose,
  className,
  hideLabel = false,
}: {
  onChoose: (language: Language) => void
  className?: string
  /** Where there is room for the select alone (a phone's header): the label still names it for screen readers. */
  hideLabel?: boolean
}) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className={className ? `language-select ${className}` : 'language-select'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        <Trans>Language</Trans>
      </label>
      <select id={id} value={i18n.locale} onChange={(event) => isLanguage(event.target.value) && onChoose(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  )
}
