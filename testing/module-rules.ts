import type { Origin, SourceFile, SourceSet } from './source-graph'

/**
 * The house rules (ARCHITECTURE.md) as checks over a SourceSet, so the boundary test runs them on
 * the repository and on planted violations alike. Imports are followed by what they resolve to and
 * names by where they are declared, however renamed or re-exported; type-only imports count.
 */

/** 'modules/<m>/<rest>' for a path inside a module, else null. */
export function moduleOf(path: string) {
  const match = /^modules\/([^/]+)\/(.+)$/.exec(path)
  return match ? { name: match[1]!, rest: match[2]!.replace(/\.(ts|tsx)$/, '') } : null
}

/** A module's browser door: its contract.ts, and the files under contract/ it re-exports, one idea each (their tests beside them aside). */
export const isContractFile = (file: string) => /^modules\/[^/]+\/contract(\.ts|\/[^/]+\.ts)$/.test(file) && !file.endsWith('.test.ts')

/** Each import that crosses into another module, from a file to the module file it reaches. */
export function crossings(set: SourceSet) {
  return set.edges().flatMap(({ from, to }) => {
    const target = moduleOf(to)
    if (!target || moduleOf(from)?.name === target.name) return []
    return [{ from, to: `modules/${target.name}/${target.rest}` }]
  })
}

/**
 * Every file and package each contract reaches, through any chain of imports, that the browser
 * door may not use: anything but other contracts and what `allowed` lists (files by path, packages
 * by name).
 */
export function contractLeaks(set: SourceSet, allowed: { files: readonly string[]; packages: Record<string, string> }) {
  const leaks: string[] = []
  for (const contract of [...set.files.keys()].filter(isContractFile)) {
    const reached = new Set([contract])
    const queue = [contract]
    while (queue.length > 0) {
      const path = queue.shift()!
      for (const ref of set.files.get(path)?.imports ?? []) {
        const target = set.resolve(path, ref.spec)
        if (reached.has(target.path)) continue
        reached.add(target.path)
        const fits = target.package ? target.path in allowed.packages : isContractFile(target.path) || allowed.files.includes(target.path)
        if (!fits) leaks.push(`${contract} reaches ${target.path} (${path} imports '${ref.spec}')`)
        else if (!target.package) queue.push(target.path)
      }
    }
  }
  return leaks
}

/** Each table a module declares (in its schema.ts, or anywhere else in it), by where it is declared: its module and its SQL name. */
function tablesOf(set: SourceSet) {
  const tables = new Map<string, { owner: string; sqlName: string }>()
  for (const file of set.files.values()) {
    const owner = moduleOf(file.path)?.name
    if (owner) for (const [name, sqlName] of file.tables) tables.set(`${file.path}#${name}`, { owner, sqlName })
  }
  return tables
}

/**
 * Each use, in each of `paths`, of a table another module owns: a name bound to it, however renamed
 * and through whatever re-exports (a schema.ts may bind one, for a foreign key, and nothing more), a
 * namespace's member, and its SQL name in the text of an sql`…` template or an sql.raw(…) argument.
 * Code outside modules owns none.
 */
export function foreignTableUses(set: SourceSet, paths: string[]) {
  const tables = tablesOf(set)
  return paths.flatMap((path) => {
    const own = moduleOf(path)?.name
    const file = set.files.get(path)!
    const foreign = (origin: Origin | null) => {
      const table = origin && !origin.package ? tables.get(`${origin.path}#${origin.name}`) : undefined
      return table && table.owner !== own ? table : undefined
    }
    const uses: string[] = []
    const forForeignKeys = path.endsWith('/schema.ts')
    for (const ref of forForeignKeys ? [] : file.imports) {
      const target = set.resolve(path, ref.spec)
      for (const { imported, local } of ref.bindings) {
        if (imported === '*' || target.package) continue
        const table = foreign(ref.reexport ? set.exportOrigin(target.path, imported) : set.bindingOrigin(path, local))
        if (table) uses.push(`${path}: ${local} is ${table.owner}'s table ${table.sqlName}`)
      }
    }
    const sqlNames = [...tables.values()].filter(({ owner }) => owner !== own)
    const named = new RegExp(`(?<![\\w$.])(?:"?public"?\\.)?"?(${sqlNames.map(({ sqlName }) => sqlName).join('|')})"?(?![\\w$])`, 'gi')
    const sqlTag = (name: string) => {
      const origin = set.bindingOrigin(path, name)
      return origin?.package === true && origin.path.startsWith('drizzle-orm') && origin.name === 'sql'
    }
    file.tokens.forEach((token, index) => {
      const member = file.tokens[index + 2]
      const namespaced = token.kind === 'name' && file.tokens[index - 1]?.text !== '.' && file.tokens[index + 1]?.text === '.'
      if (namespaced && member?.kind === 'name' && !forForeignKeys) {
        const namespace = set.bindingOrigin(path, token.text)
        const table = namespace?.name === '*' && !namespace.package ? foreign(set.exportOrigin(namespace.path, member.text)) : undefined
        if (table) uses.push(`${path}: ${token.text}.${member.text} is ${table.owner}'s table ${table.sqlName}`)
      }
      if ((token.kind === 'template' || token.kind === 'string') && token.tag && sqlTag(token.tag.replace(/\.raw$/, ''))) {
        for (const match of token.text.matchAll(named)) {
          const table = sqlNames.find(({ sqlName }) => sqlName === match[1]!.toLowerCase())!
          uses.push(`${path}: its SQL names ${table.owner}'s table ${table.sqlName}`)
        }
      }
    })
    return uses
  })
}

/** Each circle of imports between files (type-only ones included), as the files in it, sorted. */
export function importCircles(set: SourceSet) {
  const next = new Map<string, string[]>()
  for (const { from, to } of set.edges()) next.set(from, [...(next.get(from) ?? []), to])
  // Tarjan's strongly connected components: each one of more than one file, or a file importing itself, is a circle.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || next.get(file)?.includes(file)) circles.push(component.sort())
  }
  for (const file of set.files.keys()) if (!index.has(file)) visit(file)
  return circles
}

/**
 * The browser's layers (bulletproof-react): app, then routes, then features, then web/lib and
 * web/ui. A feature never imports another feature, and a route never reaches into another
 * route's folder (web/routes/<y>/): what two of them share moves down a layer.
 */
export function webLayerViolation(from: string, to: string): string | null {
  const feature = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1]
  if (feature(from) && feature(to) && feature(from) !== feature(to)) return `${from} imports feature ${feature(to)}: ${to}`
  const ownRoute = /^web\/routes\/([^/.]+)[/.]/.exec(from)?.[1]
  const otherFolder = /^web\/routes\/([^/]+)\//.exec(to)?.[1]
  if (ownRoute && otherFolder && ownRoute !== otherFolder) return `${from} reaches into route ${otherFolder}: ${to}`
  return null
}

/**
 * The names a module's door hands out at run time: types aside, a namespace object one name, and
 * `export *` counted by what it brings (a package's, which the door cannot see into, as one name).
 */
export function doorNames(set: SourceSet, path: string, seen = new Set<string>()): string[] {
  const file = set.files.get(path)
  if (!file || seen.has(path)) return []
  seen.add(path)
  const names = new Set([...file.exports.keys()].filter((name) => !file.typeExports.has(name)))
  for (const ref of file.imports.filter(({ reexport, typeOnly }) => reexport && !typeOnly)) {
    const target = set.resolve(path, ref.spec)
    for (const { local, typeOnly } of ref.bindings) {
      if (typeOnly) continue
      if (local !== '*') names.add(local)
      else if (target.package) names.add(`* from ${ref.spec}`)
      else for (const name of doorNames(set, target.path, seen)) if (name !== 'default') names.add(name)
    }
  }
  return [...names].sort()
}

/** Whether `name` is declared in these tokens as a function: `function name`, or `const name = (…) =>`, `async`, `function`, `x =>`. */
function declaresFunction(tokens: SourceFile['tokens'], name: string) {
  const at = (index: number) => tokens[index]?.text
  return tokens.some((token, index) => {
    if (token.kind !== 'name' || token.text !== name || at(index - 1) === '.') return false
    if (at(index - 1) === 'function') return true
    if (!['const', 'let', 'var'].includes(at(index - 1)!) || at(index + 1) !== '=') return false
    let start = index + 2
    if (at(start) === 'async') start++
    if (at(start) === 'function') return true
    if (tokens[start]?.kind === 'name') return at(start + 1) === '=' && at(start + 2) === '>'
    if (at(start) !== '(') return false
    let close = start
    for (let nesting = 0; close < tokens.length; close++) {
      if (at(close) === '(') nesting++
      if (at(close) === ')' && --nesting === 0) break
    }
    // A parameter list is followed by its arrow, or by its return type's colon.
    return (at(close + 1) === '=' && at(close + 2) === '>') || at(close + 1) === ':'
  })
}

/**
 * Each entry of an object a door hands out whose key is not the name of the function it holds
 * (`{ list: listOrdersForSupport }`), so a search for the door's entry would not find the
 * definition. Shorthand entries (`{ listOrdersForSupport }`), functions written in place, and
 * data (`channels: [A, B]`, `sweepGraceMs: MINUTE`) pass; an entry reached through another
 * object (`refund: payments.refund`) must keep the last name.
 */
export function renamedDoorEntries(set: SourceSet, path: string): string[] {
  return doorNames(set, path).flatMap((name) => {
    const origin = set.exportOrigin(path, name)
    const file = origin && !origin.package ? set.files.get(origin.path) : undefined
    if (!origin || !file) return []
    const tokens = file.tokens
    const at = (index: number) => tokens[index]?.text
    const declared = tokens.findIndex((token, index) => token.kind === 'name' && token.text === origin.name && ['const', 'let', 'var'].includes(at(index - 1)!))
    if (declared < 0) return []
    // Past a type annotation, if any, to the `=`, which an object literal follows.
    let open = declared + 1
    for (let nesting = 0; open < tokens.length; open++) {
      if (nesting === 0 && at(open) === '=' && at(open + 1) !== '>') break
      if (['(', '[', '{', '<'].includes(at(open)!)) nesting++
      if ([')', ']', '}'].includes(at(open)!) || (at(open) === '>' && at(open - 1) !== '=')) nesting--
    }
    if (at(++open) !== '{') return []
    const found: string[] = []
    let index = open + 1
    while (index < tokens.length && at(index) !== '}') {
      const entry: SourceFile['tokens'] = []
      for (let nesting = 0; index < tokens.length && !(nesting === 0 && (at(index) === ',' || at(index) === '}')); index++) {
        if (['(', '[', '{'].includes(at(index)!)) nesting++
        if ([')', ']', '}'].includes(at(index)!)) nesting--
        entry.push(tokens[index]!)
      }
      if (at(index) === ',') index++
      const [key, colon, ...rest] = entry
      if (key?.text === '.')
        found.push(
          `${path}: ${name} spreads ${entry
            .slice(3)
            .map(({ text }) => text)
            .join('')}, whose entries no search finds here`,
        )
      // A shorthand entry is its own value; a method or a computed key is left alone.
      const value = entry.length === 1 ? [key!] : colon?.text === ':' ? rest : []
      const chain = value.length > 0 && value.every((token, each) => (each % 2 === 1 ? token.text === '.' : token.kind === 'name'))
      if (!key || !chain) continue
      const last = value.at(-1)!.text
      // A single name may be an import under another name: its own name is the one declared.
      const imported = value.length === 1 ? set.bindingOrigin(file.path, last) : null
      const declaredIn = imported ? (imported.package || imported.name === '*' ? undefined : set.files.get(imported.path)) : file
      const own = imported && declaredIn ? imported.name : last
      if (own === key.text) continue
      if (value.length > 1 || (declaredIn && declaresFunction(declaredIn.tokens, own))) found.push(`${path}: ${name}.${key.text} is ${own}`)
    }
    return found
  })
}
