import { randomInt } from 'node:crypto';
import { isStrongPassword, PASSWORD_SPECIALS } from '@tsunagu/contract';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SPECIALS = '!@#$%*-_=+?';

/**
 * A random sign-in password under the spec's rule (upper, lower, digit, a listed special), 14 characters
 * without look-alikes, shown once to the administrator who created or reset the account.
 */
export function generateUserPassword(length = 14): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < length - 2; i++) out += LETTERS[randomInt(LETTERS.length)];
    const special = SPECIALS[randomInt(SPECIALS.length)]!;
    const at = randomInt(out.length);
    out = out.slice(0, at) + special + out.slice(at) + String(randomInt(2, 10));
    if (isStrongPassword(out) && [...SPECIALS].every((c) => PASSWORD_SPECIALS.includes(c))) return out;
  }
}
