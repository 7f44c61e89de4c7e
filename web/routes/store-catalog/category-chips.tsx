import { CATEGORY_FILTERS } from '../../../modules/catalog/contract'

/**
 * The category filter as native radio buttons dressed as chips: one tab stop, arrow keys move
 * between categories (the browser scrolls the focused one into view), and the chosen one is
 * announced as checked. The row scrolls sideways on phones.
 */
export function CategoryChips({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  return (
    <fieldset className="fieldset">
      <legend className="visually-hidden">Category</legend>
      <div className="category-chips__row">
        {CATEGORY_FILTERS.map((category) => (
          <label key={category} className="choice category-chip">
            <input type="radio" name="catalog-category" value={category} checked={value === category} onChange={() => onChange(category)} />
            {category}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
