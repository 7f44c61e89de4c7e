import type { ReactNode } from 'react'

export type ItemLineProps = {
  as?: 'li' | 'div'
  className?: string
  name: ReactNode
  /** Over the name: the product's name in the reader's own language, when it has one. */
  overName?: ReactNode
  /** The unit and the price, shown under the name when the line has them. */
  unit?: string
  price?: ReactNode
  /** More under the name: a description, a note, a subtotal. */
  children?: ReactNode
  /** On the right: the quantity, a stepper, or Add. */
  aside?: ReactNode
}

/** A grocery line as the catalog, the cart and an order show it. */
export function ItemLine({ as: Line = 'li', className, name, overName, unit, price, children, aside }: ItemLineProps) {
  return (
    <Line className={className ? `item-line ${className}` : 'item-line'}>
      <div className="item-line__text">
        {overName}
        <p className="item-line__name">{name}</p>
        {unit !== undefined && (
          <p className="item-line__meta">
            <span className="item-line__unit">{unit}</span>
            {price}
          </p>
        )}
        {children}
      </div>
      {aside}
    </Line>
  )
}
