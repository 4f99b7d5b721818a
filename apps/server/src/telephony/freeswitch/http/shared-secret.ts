import { sameText } from '../../../platform/crypto/same-text';

/**
 * Whether an Authorization header carries the shared secret as its Basic password (mod_xml_curl's
 * gateway-credentials and mod_json_cdr's cred are 'user:password'; the user name is not checked).
 * Compared in constant time.
 */
export function carriesSecret(authorization: string | undefined, secret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  const credentials = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  if (colon < 0) return false;
  return sameText(credentials.slice(colon + 1), secret);
}
