import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { Icon } from '../../ui/icon'

/** A real search box: typing and Enter search, as 'Find Stores' does, on the store search screen. */
export function SearchCard() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [term, setTerm] = useState('')
  return (
    <Card compact className="stack search-card" aria-labelledby="search-card-heading">
      <h2 id="search-card-heading" className="visually-hidden">
        <Trans>Find stores</Trans>
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: as on the store search screen, role="search" is understood where <search> is not */}
      <form
        role="search"
        className="stack"
        onSubmit={(event) => {
          event.preventDefault()
          const q = term.trim()
          void navigate({ to: '/store-search', search: q ? { q } : {} })
        }}
      >
        <div className="search-field">
          <Icon name="search" className="icon search-field__icon" />
          <input
            type="search"
            aria-label={t`Search stores`}
            placeholder={t`Search for Indian stores near you...`}
            enterKeyHint="search"
            autoComplete="off"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
        <Button type="submit" variant="primary" className="search-card__button">
          <Trans>Find Stores</Trans>
        </Button>
      </form>
    </Card>
  )
}
