import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { CATEGORY_FILTERS } from '../../../modules/catalog/contract'

/** Each chip's words in the language on screen; the category itself stays the catalog's English value. */
const CATEGORY_NAMES: Record<(typeof CATEGORY_FILTERS)[number], MessageDescriptor> = {
  'All Items': msg`All Items`,
  'Spices & Seasonings': msg`Spices & Seasonings`,
  'Rice & Grains': msg`Rice & Grains`,
  'Lentils & Pulses': msg`Lentils & Pulses`,
  'Fresh Vegetables': msg`Fresh Vegetables`,
  'Frozen Items': msg`Frozen Items`,
  'Snacks & Sweets': msg`Snacks & Sweets`,
  'Oils & Cooking Essentials': msg`Oils & Cooking Essentials`,
  'Flours & Baking': msg`Flours & Baking`,
  'Beverages & Tea': msg`Beverages & Tea`,
  'Pickles & Preserves': msg`Pickles & Preserves`,
  'Ready-to-Eat Meals': msg`Ready-to-Eat Meals`,
}

/**
 * The category filter as native radio buttons dressed as chips: one tab stop, arrow keys move
 * between categories (the browser scrolls the focused one into view), and the chosen one is
 * announced as checked. The row scrolls sideways on phones.
 */
export function CategoryChips({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="fieldset">
      <legend className="visually-hidden">{t`Category`}</legend>
      <div className="category-chips__row">
        {CATEGORY_FILTERS.map((category) => (
          <label key={category} className="choice category-chip">
            <input type="radio" name="catalog-category" value={category} checked={value === category} onChange={() => onChange(category)} />
            {i18n._(CATEGORY_NAMES[category])}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
