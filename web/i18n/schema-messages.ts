import type { z } from 'zod'

type Node = { _zod: { def: Record<string, unknown> & { type?: string; checks?: Node[]; error?: unknown } } }

/** A message given as a string is kept by zod as a function returning it. */
function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined
  const message = (error as (issue: unknown) => unknown)({ code: 'custom', input: undefined, path: [] })
  return typeof message === 'string' ? message : undefined
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && '_zod' in value

/** The schemas a schema is made of: an object's fields, a union's options, what an optional or a pipe wraps. */
function parts(def: Node['_zod']['def']): unknown[] {
  const shape = def.type === 'object' ? Object.values(def.shape as Record<string, unknown>) : []
  const options = Array.isArray(def.options) ? def.options : []
  return [...shape, ...options, def.innerType, def.in, def.out, def.element, def.left, def.right, def.keyType, def.valueType]
}

/**
 * Every message the zod schemas write into an error, as given to them (`.min(1, 'First name is
 * required')`, `z.string({ error })`, a refine's message), found by walking the schemas. A message
 * written in a superRefine's code is not found here.
 */
export function schemaMessages(schemas: Iterable<unknown>): Set<string> {
  const found = new Set<string>()
  const seen = new Set<unknown>()
  const visit = (schema: unknown) => {
    if (!isNode(schema) || seen.has(schema)) return
    seen.add(schema)
    const def = schema._zod.def
    for (const error of [def.error, ...(def.checks ?? []).map((check) => check._zod.def.error)]) {
      const message = messageOf(error)
      if (message) found.add(message)
    }
    for (const part of parts(def)) visit(part)
  }
  for (const schema of schemas) visit(schema as z.ZodType)
  return found
}
