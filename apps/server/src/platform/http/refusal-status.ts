import type { RefusalKind } from '@tsunagu/contract/refusal';

/** The one HTTP status each kind of refusal is answered with. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'too-many': 429,
  unavailable: 503,
};
