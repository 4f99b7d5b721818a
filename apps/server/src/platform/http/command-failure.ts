/** An engine command's failure as the API answers it: the engine's refusal, or "unreachable" (503). */
export function commandFailure(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  return new Refusal('unavailable', 'telephonyUnreachable', { cause: error });
}
import { Refusal } from '@tsunagu/contract/refusal';
