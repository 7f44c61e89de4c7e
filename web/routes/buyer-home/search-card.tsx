import { Link } from '@tanstack/react-router'
import { Icon } from '../../ui/icon'

export function SearchCard() {
  return (
    <section className="card card--stack search-card" aria-labelledby="search-card-heading">
      <h2 id="search-card-heading" className="visually-hidden">
        Find stores
      </h2>
      <p className="search-card__prompt">
        <Icon name="search" />
        <span className="search-card__prompt-text">Search for Indian stores near you...</span>
      </p>
      <Link to="/store-search" className="button button--primary search-card__button">
        Find Stores
      </Link>
    </section>
  )
}
