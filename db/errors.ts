/** A unique constraint refused the write (SQLSTATE 23505), whichever driver and wrapper reported it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') {
      const name = current.constraint_name ?? current.constraint
      return constraint === undefined || name === undefined || name === constraint
    }
    current = current.cause as typeof current
  }
  return false
}

/** A foreign key refused the write (SQLSTATE 23503): what it names does not exist. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  for (let current = error as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === '23503') return (current.constraint_name ?? current.constraint) === constraint
    current = current.cause as typeof current
  }
  return false
}
