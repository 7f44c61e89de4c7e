import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { SUBSTITUTION_PREFERENCES, type SubstitutionPreference } from '../../../modules/cart-checkout/contract'
import { type CartLine, setSubstitution } from '../../features/cart/cart-storage'
import { SUBSTITUTION_PREFERENCE_LABELS } from '../../features/orders/substitution-labels'

/** What the runner may do if the store is out of this line (Instacart's choice): saved as it is picked, sent at checkout. */
export function SubstitutionChoice({ storeId, line }: { storeId: string; line: CartLine }) {
  const id = useId()
  return (
    <div className="cluster substitution-choice">
      <label htmlFor={id}>
        <Trans comment="{0} is the product's name, read aloud only">
          If out of stock<span className="visually-hidden"> ({line.name})</span>
        </Trans>
      </label>
      <select id={id} value={line.substitution} onChange={(event) => setSubstitution(storeId, line.id, event.target.value as SubstitutionPreference)}>
        {SUBSTITUTION_PREFERENCES.map((preference) => (
          <option key={preference} value={preference}>
            {SUBSTITUTION_PREFERENCE_LABELS[preference].choice}
          </option>
        ))}
      </select>
    </div>
  )
}
