import { describe, expect, test } from 'bun:test'
import { transform } from '@lingui/native-tools'
import { compileEnglishMessages } from './bun-plugin'

/** A component as a screen writes one: messages, and a form whose own field is named `message`. */
const SOURCE = `
import { Trans, useLingui } from '@lingui/react/macro'
export function Composer({ other }) {
  const form = useValidatedForm({ message: '' })
  const failure = { message: 'kept as written' }
  const { t } = useLingui()
  return <p title={t({ comment: 'The send button', message: 'Send' })}><Trans>Message to {other}</Trans>{t\`\${other}:\`}{form.values.message}{failure.message}</p>
}
`

describe("the build's English", () => {
  test("compiles each descriptor's message and leaves the program's own objects named message alone", async () => {
    const { code } = await transform(SOURCE, '/web/composer.tsx', { macro: { descriptorFields: 'all' } })
    const compiled = compileEnglishMessages(code)
    expect(compiled).toContain("useValidatedForm({\n        message: ''\n    })")
    expect(compiled).toContain("message: 'kept as written'")
    expect(compiled).toContain('message: ["Message to ",["other"]]')
    expect(compiled).toContain('message: ["Send"]')
    expect(compiled).toContain('message: [["other"],":"]')
    expect(compiled).not.toContain('message: "Message to {other}"')
  })
})
