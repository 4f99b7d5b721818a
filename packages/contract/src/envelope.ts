/** Every API answer is `{ code, msg, data }`; `code` 0 means success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Builds a successful envelope. */
export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: 0, msg, data };
}

/** An error that leaves the server as `{ code, msg }` with the given HTTP status. */
export class ApiError extends Error {
  constructor(
    /** HTTP status (4xx for the caller's mistakes). */
    readonly status: number,
    /** Japanese message shown to the user. */
    message: string,
    /** Non-zero application code; defaults to the HTTP status. */
    readonly code: number = status,
    /** The underlying failure (logged by the server for 5xx answers). */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}
