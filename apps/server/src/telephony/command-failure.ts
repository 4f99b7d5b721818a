import { ApiError } from '@tsunagu/contract';
import { EngineCommandError } from './engine';

export const UNREACHABLE = '電話システムに接続できません。しばらくしてから再度お試しください。';

const STATUS = { invalid: 400, 'not-found': 404, conflict: 409 } as const;

/** An engine command's failure as the API reports it: the engine's own reason, or "unreachable" (503). */
export function commandFailure(error: unknown): ApiError {
  if (error instanceof EngineCommandError) return new ApiError(STATUS[error.failure], error.message);
  return new ApiError(503, UNREACHABLE, 503, { cause: error });
}
