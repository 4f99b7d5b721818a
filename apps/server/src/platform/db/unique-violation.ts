interface PgError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * The name of the unique constraint a failed statement violated (SQLSTATE 23505), or null.
 * Drizzle wraps driver errors, so the chain of causes is followed; pg and PGlite both report the name.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as PgError | undefined, depth = 0; e && depth < 5; e = e.cause as PgError, depth++) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return null;
}
