import type { ReactNode } from 'react'

/**
 * The top bar of the catalog and the cart: one way back on the left, the title, and an action on
 * the right. It stays in view while a long list scrolls.
 */
export function ShopHeader({ back, title, subtitle, action }: { back: ReactNode; title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <header className="shop-header">
      <div className="container shop-header__bar">
        {back}
        <div className="shop-header__title">
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </div>
        {action}
      </div>
    </header>
  )
}
