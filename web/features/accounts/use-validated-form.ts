import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { type FieldErrors, fieldErrors } from '../../lib/form-errors'

/**
 * A form's values and the messages under its fields. Showing errors moves focus to the first
 * invalid field, so keyboard and screen-reader users land where the fix is needed.
 */
export function useValidatedForm<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [focusRequest, setFocusRequest] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  // Runs after the errors are rendered, when aria-invalid marks the fields to fix.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  const showErrors = (next: FieldErrors) => {
    setErrors(next)
    if (Object.keys(next).length > 0) setFocusRequest((count) => count + 1)
  }

  /** Editing a field clears its message: the person is fixing it. */
  const setValue = (name: keyof Values & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors(({ [name]: _fixed, ...rest }) => rest)
  }

  /** What TextField and PasswordField need for one field. */
  const bind = (name: keyof Values & string) => ({ value: values[name], onValueChange: (value: string) => setValue(name, value), error: errors[name] })

  /** The parsed values when they pass the schema; otherwise null, with the messages shown. */
  function validate<S extends z.ZodType>(schema: S): z.output<S> | null {
    const parsed = schema.safeParse(values)
    showErrors(parsed.success ? {} : (fieldErrors(schema, values) ?? {}))
    return parsed.success ? parsed.data : null
  }

  return { values, errors, formRef, setValue, bind, validate, showErrors }
}
