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
