import { useRef, useState } from 'react'
import { Icon } from '../../ui/icon'
import { Spinner } from '../../ui/loading-screen'

export function SearchForm({ onSearch, searching }: { onSearch: (term: string) => void; searching: boolean }) {
  const [term, setTerm] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <form
      role="search"
      className="search-form"
      onSubmit={(event) => {
        event.preventDefault()
        // Nothing to search for yet: back to the box rather than an error.
        if (!term.trim()) inputRef.current?.focus()
        else onSearch(term)
      }}
    >
      <label htmlFor="store-search-input" className="visually-hidden">
        Search stores
      </label>
      <div className="search-field search-form__field">
        <Icon name="search" className="icon search-field__icon" />
        <input
          ref={inputRef}
          id="store-search-input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Store or category"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary search-form__submit" aria-busy={searching}>
        {searching && <Spinner />}
        Search
      </button>
    </form>
  )
}
