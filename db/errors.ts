type DriverError = { code?: string; constraint_name?: string; constraint?: string; cause?: unknown }

/** The error with SQLSTATE `code` in `error` or its causes, whichever driver and wrapper reported it; null when there is none. */
function withSqlState(error: unknown, code: string): { constraint: string | undefined } | null {
  for (let current = error as DriverError | undefined; current; current = current.cause as DriverError | undefined) {
    if (current.code === code) return { constraint: current.constraint_name ?? current.constraint }
  }
  return null
}

/** A unique constraint refused the write (SQLSTATE 23505), whichever driver and wrapper reported it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = withSqlState(error, '23505')
  return found !== null && (constraint === undefined || found.constraint === undefined || found.constraint === constraint)
}

/** A foreign key refused the write (SQLSTATE 23503): what it names does not exist. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  return withSqlState(error, '23503')?.constraint === constraint
}
