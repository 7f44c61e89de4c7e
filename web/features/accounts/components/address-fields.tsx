import type { FieldErrors } from '../../../lib/form-errors'
import { TextField } from '../../../ui/form'

export type AddressValues = { address: string; city: string; state: string; zipCode: string }

export const addressOf = (user: { [Field in keyof AddressValues]: string | null }): AddressValues => ({
  address: user.address ?? '',
  city: user.city ?? '',
  state: user.state ?? '',
  zipCode: user.zipCode ?? '',
})

type AddressFieldsProps = {
  values: AddressValues
  errors: FieldErrors
  onChange: (field: keyof AddressValues, value: string) => void
}

/** Street, city, state and ZIP, with the browser's address autofill names. */
export function AddressFields({ values, errors, onChange }: AddressFieldsProps) {
  return (
    <>
      <TextField
        label="Street address"
        autoComplete="street-address"
        value={values.address}
        error={errors.address}
        onValueChange={(value) => onChange('address', value)}
      />
      <TextField label="City" autoComplete="address-level2" value={values.city} error={errors.city} onValueChange={(value) => onChange('city', value)} />
      <div className="form__row">
        <TextField label="State" autoComplete="address-level1" value={values.state} error={errors.state} onValueChange={(value) => onChange('state', value)} />
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          value={values.zipCode}
          error={errors.zipCode}
          onValueChange={(value) => onChange('zipCode', value)}
        />
      </div>
    </>
  )
}
