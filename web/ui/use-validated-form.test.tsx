import { describe, expect, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { z } from 'zod'
import { LanguageProvider } from '../i18n/language-provider'
import { TextField } from './form'
import { useValidatedForm } from './use-validated-form'

const schema = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  age: z.number({ error: 'Choose an age' }).int().min(18, 'You must be 18'),
})

/** A form with a text field and a number chosen by buttons, reporting what it would send. */
function Harness() {
  const form = useValidatedForm<{ name: string; age: number | null }>({ name: '', age: null })
  const [sent, setSent] = useState<string>()
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const checked = form.validate(schema)
        if (checked) setSent(JSON.stringify(checked))
      }}
    >
      <TextField label="Name" {...form.bind('name')} />
      <button type="button" aria-invalid={Boolean(form.errors.age)} onClick={() => form.setValue('age', 30)}>
        Age 30
      </button>
      {form.errors.age && <p role="alert">{form.errors.age}</p>}
      <button type="submit">Send</button>
      {sent && <output>{sent}</output>}
      <button type="button" onClick={() => form.showErrors({ name: 'That name is taken' })}>
        Refuse
      </button>
    </form>
  )
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement

describe('useValidatedForm', () => {
  test("a send that fails the schema shows each field's message beside it, focuses the first, and sends nothing", () => {
    render(<Harness />, { wrapper: LanguageProvider })
    fireEvent.click(screen.getByText('Send'))
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter your name', 'Choose an age'])
    expect(nameInput().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement === nameInput()).toBe(true)
    expect(screen.queryByRole('status')).toBe(null)
  })

  test("editing a field clears only that field's message; a valid send passes the schema's output", () => {
    render(<Harness />, { wrapper: LanguageProvider })
    fireEvent.click(screen.getByText('Send'))
    fireEvent.change(nameInput(), { target: { value: '  Asha ' } })
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Choose an age'])
    fireEvent.click(screen.getByText('Age 30'))
    expect(screen.queryAllByRole('alert').length).toBe(0)
    fireEvent.click(screen.getByText('Send'))
    expect(screen.getByRole('status').textContent).toBe('{"name":"Asha","age":30}')
  })

  test("the server's messages show beside their fields and take the focus", () => {
    render(<Harness />, { wrapper: LanguageProvider })
    fireEvent.click(screen.getByText('Refuse'))
    expect(screen.getByRole('alert').textContent).toBe('That name is taken')
    expect(document.activeElement === nameInput()).toBe(true)
  })
})
