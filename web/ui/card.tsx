import { createLink } from '@tanstack/react-router'
import { type ComponentPropsWithRef, type HTMLAttributes, type ReactNode, type Ref, useId } from 'react'

type CardLook = {
  /** The tighter padding of phone-first screens: the cart's, an order's, a delivery's. */
  compact?: boolean
}

/** The card's classes before a screen's own (className), which adds what differs. */
export function cardClassName({ compact = false }: CardLook, className: string | undefined) {
  return ['card', compact && 'card--compact', className].filter(Boolean).join(' ')
}

type CardProps = CardLook &
  HTMLAttributes<HTMLElement> & {
    /** The element the card is: a section of the screen unless it is an article, a list or a plain box. */
    as?: 'section' | 'article' | 'div' | 'ul'
    ref?: Ref<HTMLElement>
  }

/** A white surface on the cream page. */
export function Card({ as: Element = 'section', compact, className, ref, ...rest }: CardProps) {
  // Each element takes the same attributes; the ref is an HTMLElement's whichever it is.
  return <Element ref={ref as Ref<never>} className={cardClassName({ compact }, className)} {...rest} />
}

type TitledCardProps = Omit<CardProps, 'title' | 'aria-labelledby'> & {
  title: ReactNode
  /** A screen's own class for the heading, when it is styled apart from the card's other h2s. */
  headingClassName?: string
}

/** A card that is a region named by its h2 heading, so screen readers list it by that name; then what it shows. */
export function TitledCard({ title, headingClassName, children, ...card }: TitledCardProps) {
  const headingId = useId()
  return (
    <Card {...card} aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </Card>
  )
}

function CardAnchor({ compact, className, children, ...rest }: CardLook & ComponentPropsWithRef<'a'>) {
  return (
    <a className={cardClassName({ compact }, className)} {...rest}>
      {children}
    </a>
  )
}

/** A whole card that is a link to a screen (a store, a delivery): the router's Link in the card's look. */
export const CardLink = createLink(CardAnchor)

type CardListProps<Item> = {
  items: readonly Item[]
  /** The card each item is. */
  children: (item: Item) => ReactNode
  /** A screen's own class beside card-list, for what differs. */
  className?: string
  'aria-label'?: string
}

/** Cards one under another, a list item each, keyed by the item's id. */
export function CardList<Item extends { id: string }>({ items, children, className, 'aria-label': label }: CardListProps<Item>) {
  return (
    <ul className={['card-list', className].filter(Boolean).join(' ')} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  )
}
