import { useLingui } from '@lingui/react/macro'
import { type FieldBinding, TextField } from '../../../ui/form'

export type AddressValues = { address: string; city: string; state: string; zipCode: string }

export const addressOf = (user: { [Field in keyof AddressValues]: string | null }): AddressValues => ({
  address: user.address ?? '',
  city: user.city ?? '',
  state: user.state ?? '',
  zipCode: user.zipCode ?? '',
})

/** Street, city, state and ZIP, with the browser's address autofill names; `bind` is the form state's. */
export function AddressFields({ bind }: { bind: (field: keyof AddressValues) => FieldBinding }) {
  const { t } = useLingui()
  return (
    <>
      <TextField label={t`Street address`} autoComplete="street-address" {...bind('address')} />
      <TextField label={t`City`} autoComplete="address-level2" {...bind('city')} />
      <div className="form__row">
        <TextField label={t({ comment: 'A US state, in an address', message: 'State' })} autoComplete="address-level1" {...bind('state')} />
        <TextField label={t`ZIP code`} autoComplete="postal-code" inputMode="numeric" maxLength={10} {...bind('zipCode')} />
      </div>
    </>
  )
}
