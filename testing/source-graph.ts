import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * What the boundary test reads of the repository's TypeScript: each file's imports and re-exports
 * with the names they bind (type-only ones too, which Bun.Transpiler's scan leaves out), its
 * declarations and drizzle tables, and the text of its strings and templates. A small lexer, not a
 * parser: comments, strings, regular expressions and templates are read as wholes, so text inside
 * them never reads as code, and an import spread over many lines is still one import.
 */

type Token = { kind: 'name' | 'string' | 'template' | 'punct' | 'other'; text: string; tag?: string }

const REGEX_AFTER = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await'])
const isNameChar = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code > 127

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  /** The templates whose `${…}` we are inside, with the brace depth each opened at. */
  const open: { depth: number; tag?: string }[] = []
  let depth = 0
  let at = 0
  /**
   * A string or template's tag: the name just before it (sql`…`, or sql<number>`…` past its type
   * arguments), or `X.raw` when it is the argument of X.raw(…).
   */
  const tagBefore = () => {
    const [a, b, c, d] = tokens.slice(-4)
    if (b?.text === '.' && c?.text === 'raw' && d?.text === '(' && a?.kind === 'name') return `${a.text}.raw`
    let last = tokens.length - 1
    if (d?.text === '>') {
      for (let nesting = 0; last > tokens.length - 20; last--) {
        if (tokens[last]?.text === '>') nesting++
        if (tokens[last]?.text === '<' && --nesting === 0) break
      }
      last--
    }
    return tokens[last]?.kind === 'name' ? tokens[last]!.text : undefined
  }
  /** Reads a template's text up to its closing backtick or its next `${`. */
  const templatePart = (tag?: string) => {
    const start = at
    while (at < text.length && text[at] !== '`' && !(text[at] === '$' && text[at + 1] === '{')) at += text[at] === '\\' ? 2 : 1
    tokens.push({ kind: 'template', text: text.slice(start, at), tag })
    if (text[at] === '$') open.push({ depth, tag })
    at += text[at] === '$' ? 2 : 1
  }
  const regexAllowed = () => {
    const last = tokens.at(-1)
    if (!last) return true
    if (last.kind === 'name') return REGEX_AFTER.has(last.text)
    return last.kind === 'punct' && last.text !== ')' && last.text !== ']' && last.text !== '}'
  }
  while (at < text.length) {
    const char = text[at]!
    const code = text.charCodeAt(at)
    if (code <= 32) at++
    else if (char === '/' && text[at + 1] === '/') at = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at)
    else if (char === '/' && text[at + 1] === '*') at = text.indexOf('*/', at + 2) < 0 ? text.length : text.indexOf('*/', at + 2) + 2
    else if (char === '"' || char === "'") {
      // A quote never spans lines, so an apostrophe in JSX text costs at most the rest of its line.
      const start = ++at
      while (at < text.length && text[at] !== char && text[at] !== '\n') at += text[at] === '\\' ? 2 : 1
      tokens.push({ kind: 'string', text: text.slice(start, at), tag: tagBefore() })
      at++
    } else if (char === '`') {
      at++
      templatePart(tagBefore())
    } else if (char === '}' && open.at(-1)?.depth === depth) {
      at++
      templatePart(open.pop()!.tag)
    } else if (isNameChar(code) && !(code >= 48 && code <= 57)) {
      const start = at
      while (at < text.length && isNameChar(text.charCodeAt(at))) at++
      tokens.push({ kind: 'name', text: text.slice(start, at) })
    } else if (code >= 48 && code <= 57) {
      const start = at
      while (at < text.length && (isNameChar(text.charCodeAt(at)) || text[at] === '.')) at++
      tokens.push({ kind: 'other', text: text.slice(start, at) })
    } else if (char === '/' && regexAllowed()) {
      const start = at++
      let inClass = false
      while (at < text.length && text[at] !== '\n' && (inClass || text[at] !== '/')) {
        if (text[at] === '[') inClass = true
        else if (text[at] === ']') inClass = false
        at += text[at] === '\\' ? 2 : 1
      }
      at++
      while (at < text.length && isNameChar(text.charCodeAt(at))) at++
      tokens.push({ kind: 'other', text: text.slice(start, at) })
    } else {
      if (char === '{') depth++
      if (char === '}') depth--
      tokens.push({ kind: 'punct', text: char })
      at++
    }
  }
  return tokens
}

/**
 * `imported` is the name in the other file ('default', or '*' for a namespace); `local` the name here (or the name exported, for a
 * re-export); `typeOnly` when the specifier itself is marked `type`.
 */
export type Binding = { imported: string; local: string; typeOnly?: true }
export type ImportRef = { spec: string; bindings: Binding[]; reexport: boolean; typeOnly: boolean }
export type SourceFile = {
  path: string
  imports: ImportRef[]
  /** Exported name → the name declared or bound in this file. */
  exports: Map<string, string>
  /** The exported names that are types only (`export type`, `export interface`, `export { type X }`): nothing at run time. */
  typeExports: Set<string>
  /** Local name → SQL name, for each `const X = pgTable('x', …)`. */
  tables: Map<string, string>
  tokens: Token[]
}

const DECLARATIONS = new Set(['const', 'let', 'var', 'function', 'class', 'type', 'interface', 'enum', 'namespace'])
const MODIFIERS = new Set(['declare', 'abstract', 'async', 'default'])
/** Declarations that leave nothing at run time. */
const TYPE_DECLARATIONS = new Set(['type', 'interface'])

export function parseSource(path: string, text: string): SourceFile {
  const tokens = tokenize(text)
  const file: SourceFile = { path, imports: [], exports: new Map(), typeExports: new Set(), tables: new Map(), tokens }
  const at = (index: number) => tokens[index]?.text

  /** `{ a, type b as c, 'd' as e }` from index (just after the brace) into out; returns the index after `}`. */
  const specifiers = (index: number, out: Binding[]) => {
    while (index < tokens.length && at(index) !== '}') {
      const typeOnly = at(index) === 'type' && at(index + 1) !== 'as' && at(index + 1) !== ',' && at(index + 1) !== '}'
      if (typeOnly) index++
      const imported = at(index)!
      const local = at(index + 1) === 'as' ? at(index + 2)! : imported
      index += at(index + 1) === 'as' ? 3 : 1
      out.push({ imported, local, ...(typeOnly && { typeOnly }) })
      if (at(index) === ',') index++
    }
    return index + 1
  }
  /** `from 'x'` at index, into file.imports; a clause without one binds nothing from anywhere. */
  const from = (index: number, ref: Omit<ImportRef, 'spec'>) => {
    if (at(index) === 'from' && tokens[index + 1]?.kind === 'string') {
      file.imports.push({ spec: at(index + 1)!, ...ref })
      return index + 2
    }
    return index
  }

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!
    if (token.kind !== 'name' || at(index - 1) === '.') continue
    if (token.text === 'import' && at(index + 1) === '(' && tokens[index + 2]?.kind === 'string') {
      // import('x'), a dynamic import or a type's
      file.imports.push({ spec: at(index + 2)!, bindings: [], reexport: false, typeOnly: false })
    } else if (token.text === 'import' && tokens[index + 1]?.kind === 'string') {
      file.imports.push({ spec: at(index + 1)!, bindings: [], reexport: false, typeOnly: false })
    } else if (token.text === 'import' && at(index + 1) !== '(' && at(index + 1) !== '.') {
      let next = index + 1
      const typeOnly = at(next) === 'type' && at(next + 1) !== 'from' && at(next + 1) !== ','
      if (typeOnly) next++
      const bindings: Binding[] = []
      for (;;) {
        if (at(next) === '{') next = specifiers(next + 1, bindings)
        else if (at(next) === '*') {
          bindings.push({ imported: '*', local: at(next + 2)! })
          next += 3
        } else if (tokens[next]?.kind === 'name' && at(next) !== 'from') bindings.push({ imported: 'default', local: at(next++)! })
        if (at(next) !== ',') break
        next++
      }
      index = from(next, { bindings, reexport: false, typeOnly }) - 1
    } else if (token.text === 'export') {
      let next = index + 1
      const typeOnly = at(next) === 'type' && (at(next + 1) === '{' || at(next + 1) === '*')
      if (typeOnly) next++
      if (at(next) === '{' || at(next) === '*') {
        const bindings: Binding[] = []
        if (at(next) === '*') {
          bindings.push({ imported: '*', local: at(next + 1) === 'as' ? at(next + 2)! : '*' })
          next += at(next + 1) === 'as' ? 3 : 1
        } else next = specifiers(next + 1, bindings)
        const after = from(next, { bindings, reexport: true, typeOnly })
        if (after === next)
          for (const binding of bindings) {
            file.exports.set(binding.local, binding.imported)
            if (typeOnly || binding.typeOnly) file.typeExports.add(binding.local)
          }
        index = after - 1
        continue
      }
      const isDefault = at(next) === 'default'
      while (MODIFIERS.has(at(next)!)) next++
      const name = tokens[at(next + 1) === '*' ? next + 2 : next + 1]
      if (DECLARATIONS.has(at(next)!) && name?.kind === 'name') {
        file.exports.set(isDefault ? 'default' : name.text, name.text)
        if (TYPE_DECLARATIONS.has(at(next)!)) file.typeExports.add(isDefault ? 'default' : name.text)
      }
    } else if (token.text === 'pgTable' && at(index + 1) === '(' && at(index - 1) === '=' && at(index - 3) === 'const') {
      file.tables.set(at(index - 2)!, at(index + 2)!)
    }
  }
  return file
}

/** Where a name comes from: a declaration in a file of ours, a whole file ('*'), or a package's export. */
export type Origin = { path: string; name: string; package?: true }

/** The repository's files, parsed once. */
export class SourceSet {
  private constructor(
    readonly root: string,
    readonly files: Map<string, SourceFile>,
  ) {}

  static read(root: string, paths: string[]) {
    return new SourceSet(root, new Map(paths.map((path) => [path, parseSource(path, readFileSync(join(root, path), 'utf8'))])))
  }

  /** These files and the planted ones, which add to them or replace them by path. */
  plant(planted: Record<string, string>) {
    const files = new Map(this.files)
    for (const [path, text] of Object.entries(planted)) files.set(path, parseSource(path, text))
    return new SourceSet(this.root, files)
  }

  /** A specifier from `from`, as a repository path (a file of ours, or another file such as package.json) or a package name. */
  resolve(from: string, spec: string): { path: string; package?: true } {
    if (!spec.startsWith('.')) return { path: spec, package: true }
    const base = join(dirname(from), spec)
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => this.files.has(path))
    if (found) return { path: found }
    if (!existsSync(join(this.root, base))) throw new Error(`${from} imports ${spec}, which is not there`)
    return { path: base }
  }

  /** Every file each file imports (type-only imports and re-exports included), packages aside. */
  edges(): { from: string; to: string; typeOnly: boolean }[] {
    return [...this.files.values()].flatMap((file) =>
      file.imports.flatMap((ref) => {
        const target = this.resolve(file.path, ref.spec)
        return target.package ? [] : [{ from: file.path, to: target.path, typeOnly: ref.typeOnly }]
      }),
    )
  }

  /** Where `local`, a name bound by an import in `path`, comes from; null when no import binds it. */
  bindingOrigin(path: string, local: string, seen = new Set<string>()): Origin | null {
    for (const ref of this.files.get(path)?.imports ?? []) {
      if (ref.reexport) continue
      const binding = ref.bindings.find((each) => each.local === local)
      if (!binding) continue
      const target = this.resolve(path, ref.spec)
      if (target.package) return { path: target.path, name: binding.imported, package: true }
      return binding.imported === '*' ? { path: target.path, name: '*' } : this.exportOrigin(target.path, binding.imported, seen)
    }
    return null
  }

  /** Where the export `name` of `path` is declared, following re-exports and imports however renamed. */
  exportOrigin(path: string, name: string, seen = new Set<string>()): Origin | null {
    const key = `${path}#${name}`
    const file = this.files.get(path)
    if (seen.has(key) || !file) return null
    seen.add(key)
    const local = file.exports.get(name)
    if (local !== undefined) return this.bindingOrigin(path, local, seen) ?? { path, name: local }
    for (const ref of file.imports.filter((each) => each.reexport)) {
      const target = this.resolve(path, ref.spec)
      for (const { imported, local: exported } of ref.bindings) {
        if (exported === name && target.package) return { path: target.path, name: imported, package: true }
        if (exported === name) return imported === '*' ? { path: target.path, name: '*' } : this.exportOrigin(target.path, imported, seen)
        if (exported === '*' && !target.package) {
          const found = this.exportOrigin(target.path, name, seen)
          if (found) return found
        }
      }
    }
    return null
  }
}
