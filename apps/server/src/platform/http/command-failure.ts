import { ApiError, Refusal, reasons } from '@tsunagu/contract';

const STATUS = { invalid: 400, 'not-found': 404, conflict: 409 } as const;

/** An engine command's failure as the API answers it: the engine's reason, or "unreachable" (503). */
export function commandFailure(error: unknown): ApiError {
  if (error instanceof Refusal) return new ApiError(STATUS[error.failure], reasons[error.code]);
  return new ApiError(503, reasons.telephonyUnreachable, 503, { cause: error });
}
