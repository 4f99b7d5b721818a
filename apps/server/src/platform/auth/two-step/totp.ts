import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_ISSUER } from '@tsunagu/contract/two-step';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 with the parameters every authenticator app reads: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;

const totpOf = (secret: string, account: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the QR code carries (otpauth://totp/つなぐ:<account>?…) and the QR code itself as an SVG data: URL. */
export async function enrolment(secret: string, account: string) {
  const otpauthUri = totpOf(secret, account).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a six-digit code belongs to, when it is right now or one step either side (a phone's clock
 * a little off), and later than `lastStep` (a code is accepted once); otherwise null.
 */
export function acceptedStep(secret: string, code: string, lastStep: number, now: number): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return step > lastStep ? step : null;
}

/** The current code (tests and the benchmark sign in with it). */
export function currentCode(secret: string, now: number = Date.now()): string {
  return totpOf(secret, '').generate({ timestamp: now });
}

// No 0/O, 1/I/L: read from paper and typed by hand.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of ten characters (~49 random bits each), shown once as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The stored digest of a recovery code, as typed (case, spaces and hyphens ignored). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}
