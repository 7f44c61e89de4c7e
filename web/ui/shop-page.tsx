import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon } from './icon'

type ShopPageProps = {
  /** Where the arrow on the left goes, and what it says to screen readers. */
  back: LinkProps & { label: string }
  title: string
  subtitle?: string
  /** On the right of the bar: the cart, or the live indicator. */
  action?: ReactNode
  /** The screen's own class on <main>, for its layout. */
  mainClassName?: string
  children: ReactNode
}

/**
 * A full screen under a bar of its own instead of the tabs (catalog, cart, checkout, tracking,
 * delivery): one way back on the left, the title, and an action on the right. The bar stays in
 * view while a long list scrolls.
 */
export function ShopPage({ back: { label, ...back }, title, subtitle, action, mainClassName, children }: ShopPageProps) {
  return (
    <div className="shop-page">
      <header className="header-bar">
        <div className="container shop-header__bar">
          <Link {...back} className="icon-button shop-header__button shop-header__back" aria-label={label}>
            <Icon name="arrowLeft" />
          </Link>
          <div className="shop-header__title">
            <h1>{title}</h1>
            {subtitle && <p>{subtitle}</p>}
          </div>
          {action}
        </div>
      </header>
      <main className={`container shop-page__main${mainClassName ? ` ${mainClassName}` : ''}`}>{children}</main>
    </div>
  )
}
