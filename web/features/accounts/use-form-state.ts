import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { z } from 'zod'
import { type FieldErrors, fieldErrors } from '../../lib/form-errors'
import type { FieldBinding } from '../../ui/form'

/** The fields of a form that hold text, as TextField edits them. */
type TextFieldName<Values> = { [Field in keyof Values]: Values[Field] extends string ? Field : never }[keyof Values] & string

/**
 * A form's values and the error under each field. Editing a field clears its error; showing
 * errors moves focus to the first invalid control, so keyboard and screen-reader users land on it.
 */
export function useFormState<Values extends Record<string, unknown>>(initial: () => Values) {
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})

  function set<Field extends keyof Values & string>(field: Field, value: Values[Field]) {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _cleared, ...rest }) => rest)
  }

  function showErrors(next: FieldErrors) {
    flushSync(() => setErrors(next))
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  /** Whether what is about to be sent (the values, unless given) passes `schema`; if not, its messages show under the fields. */
  function passes(schema: z.ZodType, sending: unknown = values) {
    const invalid = fieldErrors(schema, sending)
    if (invalid) showErrors(invalid)
    return !invalid
  }

  /** What TextField needs for one text field. */
  const bind = (field: TextFieldName<Values>): FieldBinding => ({
    value: values[field] as string,
    error: errors[field],
    onValueChange: (value) => set(field, value as Values[typeof field]),
  })

  return { form, values, set, bind, errors, showErrors, passes }
}
