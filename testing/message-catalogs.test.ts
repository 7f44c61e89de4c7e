import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { catalogProblems } from './message-catalogs'

const directory = mkdtempSync(join(tmpdir(), 'catalogs-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const entry = (id: string, english: string, text: string, flags = '') => `\n${flags}msgctxt "${id}"\nmsgid "${english}"\nmsgstr "${text}"\n`
const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
const ITEMS = '{count, plural, one {# item} other {# items}}'
const PAID = '{way, select, card {By card.} other {At the door.}}'

describe('the catalogs check', () => {
  test('fails on a translation missing, fuzzy, stale, broken, taking other arguments, short of a case or a plural category, and on one English lacks', () => {
    writeFileSync(
      join(directory, 'en.po'),
      HEADER +
        entry('hello', 'Hello {name}', 'Hello {name}') +
        entry('items', ITEMS, ITEMS) +
        entry('paid', PAID, PAID) +
        entry('bye', 'Bye', 'Bye') +
        entry('later', 'See you later', 'See you later') +
        entry('soon', 'Soon, {name}', 'Soon, {name}') +
        entry('gone', 'Gone {name}', 'Gone {name}'),
    )
    writeFileSync(
      join(directory, 'hi.po'),
      HEADER +
        entry('hello', 'Hello {name}', 'नमस्ते {naam}') +
        entry('items', ITEMS, '{count, plural, other {# चीज़ें}}') +
        entry('paid', PAID, '{way, select, other {दरवाज़े पर।}}') +
        entry('later', 'See you later', 'फिर मिलेंगे', '#, fuzzy\n') +
        entry('soon', 'Soon {name}', 'जल्द, {name}') +
        entry('gone', 'Gone {name}', 'गया {name') +
        entry('extra', 'Extra', 'अतिरिक्त'),
    )
    const problems = catalogProblems(directory, ['en', 'hi'])
    expect(problems).toHaveLength(8)
    expect(problems.slice(0, 3)).toEqual([
      'hi: hello takes {naam argument} where English takes {name argument}',
      'hi: items says no one for count',
      'hi: paid takes {way select other} where English takes {way select card|other}',
    ])
    expect(problems.slice(3)).toEqual([
      'hi: bye is missing',
      'hi: later is not translated',
      'hi: soon translates an older English',
      expect.stringMatching(/^hi: gone is not valid ICU MessageFormat/),
      'hi: extra is not in English',
    ])
  })

  test('a catalog that says everything English does passes', () => {
    writeFileSync(join(directory, 'en.po'), HEADER + entry('items', ITEMS, ITEMS))
    writeFileSync(join(directory, 'hi.po'), HEADER + entry('items', ITEMS, '{count, plural, one {# चीज़} other {# चीज़ें}}'))
    expect(catalogProblems(directory, ['en', 'hi'])).toEqual([])
  })
})
