/**
 * What a failed database call means for the caller, and what of it may be logged.
 *
 * A lost or refused connection (a restart, a failover, an idle-timeout proxy, the embedded database closed
 * under us) is the database being unavailable, not a bug: the request gets a 503 and may be repeated. And a
 * failed statement's error carries the statement's parameters (Drizzle puts them in its message; PostgreSQL
 * quotes values in some messages): they are request values — chat text, names — and never reach the log.
 */

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** SQLSTATEs of a connection that is gone or cannot be had: class 08, admin/crash shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** Node's socket errors when the server is down or unreachable. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and PGlite report these without a code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|PGlite is closed|Cannot use a pool after calling end/;

/** The error and its causes (Drizzle wraps the driver's error), outermost first. */
function chain(error: unknown): ErrorLike[] {
  const errors: ErrorLike[] = [];
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    errors.push(e as ErrorLike);
    e = (e as ErrorLike).cause;
  }
  return errors;
}

/** Whether the error means the database could not be reached (503), rather than a failed statement. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(
    (e) =>
      (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_ERRNOS.has(e.code))) ||
      (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)),
  );
}

/** Whether the error came from the database (a failed statement or connection), whose text may hold values. */
function isDatabaseError(errors: ErrorLike[]): boolean {
  return errors.some(
    (e) =>
      'params' in e ||
      (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) ||
      e.name === 'DatabaseError' ||
      e.name === 'DrizzleQueryError',
  );
}

/** A loggable description of a failure: for database errors the name, SQLSTATE and statement text, no values. */
export function loggableError(error: unknown): unknown {
  const errors = chain(error);
  if (!isDatabaseError(errors)) return error;
  const name = (e: ErrorLike) => (typeof e.name === 'string' ? e.name : 'Error');
  const code = errors.map((e) => e.code).find((c) => typeof c === 'string');
  const query = errors.map((e) => e.query).find((q) => typeof q === 'string');
  return {
    type: errors.map(name).join(' ← '),
    ...(code ? { code } : {}),
    // The statement text has placeholders ($1), not values.
    ...(query ? { query } : {}),
  };
}
