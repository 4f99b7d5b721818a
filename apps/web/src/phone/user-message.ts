import { MediaSetupError, MicrophoneError } from './call-media';
import { VertoDisconnectedError, VertoRequestError, VertoTimeoutError } from './verto-client';

/** What to tell the user about a failed phone action: the error's own (Japanese) message when it has one. */
export function phoneErrorText(error: unknown, fallback: string): string {
  const known =
    error instanceof MicrophoneError ||
    error instanceof MediaSetupError ||
    error instanceof VertoRequestError ||
    error instanceof VertoTimeoutError ||
    error instanceof VertoDisconnectedError;
  return known ? error.message : fallback;
}
