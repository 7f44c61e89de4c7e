import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'

/**
 * itemsLabel (modules/orders/contract) in the language on screen: '3 items (5 units)', or
 * '2 items' when each line is for one. The server keeps the English one for its own texts.
 */
export function useItemsLabel() {
  const { t } = useLingui()
  return (lines: readonly { quantity: number }[]): string => {
    const items = lines.length
    const units = lines.reduce((sum, line) => sum + line.quantity, 0)
    return units === items
      ? t`${plural(items, { one: '# item', other: '# items' })}`
      : t`${plural(items, { one: '# item', other: '# items' })} (${plural(units, { one: '# unit', other: '# units' })})`
  }
}
