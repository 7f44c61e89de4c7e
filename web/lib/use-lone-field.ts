import { useState } from 'react'
import type { z } from 'zod'

/**
 * A form's one field: its value and the message under it. A refused send sets the message (the
 * schema's first one, or the server's); editing the field clears it, as the person is fixing it.
 */
export function useLoneField(initial = '') {
  const [value, setValue] = useState(initial)
  const [message, setMessage] = useState<string>()

  const change = (next: string) => {
    setValue(next)
    setMessage(undefined)
  }

  /** The value read by `schema`; when it does not pass, the schema's first message shows under the field. */
  function check<S extends z.ZodType>(schema: S) {
    const checked = schema.safeParse(value)
    if (!checked.success) setMessage(checked.error.issues[0]?.message)
    return checked
  }

  return { value, message, change, check, setMessage }
}
