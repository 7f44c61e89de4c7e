import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { Spinner } from '../../ui/loading-screen'

/** `onClear`: the box was emptied or a blank search was sent, so the last results no longer apply. */
export function SearchForm({
  initialTerm,
  onSearch,
  onClear,
  searching,
}: {
  initialTerm: string
  onSearch: (term: string) => void
  onClear: () => void
  searching: boolean
}) {
  const { t } = useLingui()
  const [term, setTerm] = useState(initialTerm)
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to older screen readers and to the DOM the UI tests run in; role="search" is understood by all of them
    <form
      role="search"
      className="search-form"
      onSubmit={(event) => {
        event.preventDefault()
        // Nothing to search for: back to the box rather than an error.
        if (term.trim()) return onSearch(term)
        onClear()
        inputRef.current?.focus()
      }}
    >
      <label htmlFor="store-search-input" className="visually-hidden">
        <Trans>Search stores</Trans>
      </label>
      <div className="search-field search-form__field">
        <Icon name="search" className="icon search-field__icon" />
        <input
          ref={inputRef}
          id="store-search-input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t`Store or category`}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value)
            if (!event.target.value.trim()) onClear()
          }}
        />
      </div>
      <Button type="submit" variant="primary" className="search-form__submit" aria-busy={searching}>
        {searching && <Spinner />}
        <Trans>Search</Trans>
      </Button>
    </form>
  )
}
