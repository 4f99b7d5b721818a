import type { SecretBox } from '../../crypto/secrets';

/** Who passed the password step, carried to the second step; sealed (AES-GCM), so it cannot be forged or read. */
export interface TwoStepTicket {
  userUuid: string;
  mode: 'verify' | 'setup';
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** How long the second step may take after the password was accepted. */
export const TICKET_MINUTES = 5;
// A ticket is told apart from any other sealed value (an extension's password) by its purpose.
const PURPOSE = 'two-step-ticket';

export function sealTicket(
  secrets: SecretBox,
  ticket: Omit<TwoStepTicket, 'expiresAt'>,
  now: number,
): string {
  return secrets.seal(
    JSON.stringify({ purpose: PURPOSE, ...ticket, expiresAt: now + TICKET_MINUTES * 60_000 }),
  );
}

/** The ticket's content while it is ours and fresh, else null. */
export function openTicket(secrets: SecretBox, sealed: string, now: number): TwoStepTicket | null {
  try {
    const value = JSON.parse(secrets.open(sealed)) as Partial<TwoStepTicket> & { purpose?: string };
    if (value.purpose !== PURPOSE || typeof value.userUuid !== 'string') return null;
    if (value.mode !== 'verify' && value.mode !== 'setup') return null;
    if (typeof value.expiresAt !== 'number' || value.expiresAt <= now) return null;
    return { userUuid: value.userUuid, mode: value.mode, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}
