import type { ImportRef, SourceSet } from './source-graph'

/** The Lingui macros: code only the UI lane's plugin (web/i18n/bun-plugin.ts) compiles away. */
const MACRO_PACKAGES = new Set(['@lingui/core/macro', '@lingui/react/macro'])

/** Whether an import loads its target at run time: `import type` and imports of types only are erased. */
const loadsAtRunTime = (ref: ImportRef) => !ref.typeOnly && !(ref.bindings.length > 0 && ref.bindings.every((binding) => binding.typeOnly))

/**
 * Each server-lane test (`*.test.ts`: run without the macro plugin) that loads, through any chain
 * of run-time imports, a file importing a Lingui macro: such a test fails to import in that lane.
 * One line a test, naming the chain to the first macro user found.
 */
export function macrosInServerLane(set: SourceSet, tests: readonly string[]) {
  const faults: string[] = []
  for (const test of tests) {
    const cameFrom = new Map<string, string | null>([[test, null]])
    const queue = [test]
    search: while (queue.length > 0) {
      const path = queue.shift()!
      for (const ref of set.files.get(path)?.imports ?? []) {
        if (!loadsAtRunTime(ref)) continue
        const target = set.resolve(path, ref.spec)
        if (target.package && MACRO_PACKAGES.has(target.path)) {
          const chain = [path]
          for (let step = cameFrom.get(path); step; step = cameFrom.get(step)) chain.unshift(step)
          faults.push(`${chain.join(' → ')} imports ${target.path}`)
          break search
        }
        if (target.package || cameFrom.has(target.path)) continue
        cameFrom.set(target.path, path)
        queue.push(target.path)
      }
    }
  }
  return faults
}
