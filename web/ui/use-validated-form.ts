import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { type FieldErrors, fieldErrors } from '../lib/form-errors'
import type { FieldBinding } from './form'

/** The fields of a form that hold text, as TextField edits them. */
type TextFieldName<Values> = { [Field in keyof Values]: Values[Field] extends string ? Field : never }[keyof Values] & string

/**
 * A form's values and the message beside each field, checked by the contract's zod schema, the one
 * the server checks too. Editing a field clears its message, as the person is fixing it. Showing
 * messages moves focus to the first invalid control, so keyboard and screen-reader users land
 * where the fix is needed.
 */
export function useValidatedForm<Values extends Record<string, unknown>>(initial: Values | (() => Values)) {
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [focusRequest, setFocusRequest] = useState(0)

  // Runs after the messages are rendered, when aria-invalid marks the fields to fix.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  function setValue<Field extends keyof Values & string>(field: Field, value: Values[Field]) {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _fixed, ...rest }) => rest)
  }

  function showErrors(next: FieldErrors) {
    setErrors(next)
    if (Object.keys(next).length > 0) setFocusRequest((count) => count + 1)
  }

  /**
   * What is about to be sent (the values, unless given) as `schema` reads it; when it does not
   * pass, null, with the schema's messages beside their fields.
   */
  function validate<S extends z.ZodType>(schema: S, sending: unknown = values): z.output<S> | null {
    const parsed = schema.safeParse(sending)
    showErrors(parsed.success ? {} : (fieldErrors(schema, sending) ?? {}))
    return parsed.success ? parsed.data : null
  }

  /** What TextField and PasswordField need for one text field. */
  const bind = (field: TextFieldName<Values>): FieldBinding => ({
    value: values[field] as string,
    error: errors[field],
    onValueChange: (value) => setValue(field, value as Values[typeof field]),
  })

  return { formRef, values, errors, setValue, bind, validate, showErrors }
}
