import type { XmlCurlRequest } from '../types';

// A lone '%' (not followed by two hex digits) is kept as it is rather than failing the whole value.
function decodeFormValue(value: string): string {
  const spaced = value.includes('+') ? value.replace(/\+/g, ' ') : value;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * Splits a form body into its fields, still encoded; the first value wins when a name repeats. A
 * dialplan request holds some 140 fields and only a handful are read on every call's path, so values
 * are decoded when read.
 */
function readForm(body: string): Map<string, string> {
  const fields = new Map<string, string>();
  if (body === '') return fields;
  for (const pair of body.split('&')) {
    const eq = pair.indexOf('=');
    const name = decodeFormValue(eq < 0 ? pair : pair.slice(0, eq));
    if (!fields.has(name)) fields.set(name, eq < 0 ? '' : pair.slice(eq + 1));
  }
  return fields;
}

/**
 * Reads one field, still encoded, straight from the body: the few fields every request needs are
 * found without splitting all ~140 (less garbage per request, fewer collection pauses). Names asked
 * for are plain ASCII, so they appear in the body as they are.
 */
function readField(body: string, name: string): string | undefined {
  const key = `${name}=`;
  let start = key.length;
  if (!body.startsWith(key)) {
    const at = body.indexOf(`&${key}`);
    if (at < 0) return undefined;
    start += at + 1;
  }
  const end = body.indexOf('&', start);
  return body.slice(start, end < 0 ? body.length : end);
}

/**
 * Reads a mod_xml_curl POST body (application/x-www-form-urlencoded) into a typed request.
 * FreeSWITCH escapes '+' as %2B, so form decoding (where '+' means a space) is safe here.
 */
export function parseXmlCurlRequest(body: string): XmlCurlRequest {
  let all: Map<string, string> | undefined;
  const fields = () => (all ??= readForm(body));
  const field = (name: string): string | null => {
    const raw = readField(body, name);
    return raw === undefined || raw === '' ? null : decodeFormValue(raw);
  };
  const hostname = field('hostname');
  const micros = Number(field('Event-Date-Timestamp'));
  const instant = Number.isFinite(micros) && micros > 0 ? Math.floor(micros / 1000) : null;
  const params = () => Object.fromEntries([...fields()].map(([name, raw]) => [name, decodeFormValue(raw)]));
  // Object.assign, not a `...common` spread: measured on Node 20, every object a spread made here
  // survived young-generation collections, and took its body and closures along (5–7 ms pauses).
  const withCommon = <T extends object>(specific: T) =>
    Object.assign({ hostname, instant, field, params }, specific);
  const section = field('section') ?? '';

  switch (section) {
    case 'directory': {
      const username = field('sip_auth_username');
      return withCommon({
        section,
        action: field('action'),
        purpose: field('purpose'),
        user: field('user'),
        // Lookups name the domain both as a field and as the key of the <domain> tag asked for.
        domain: field('domain') ?? (field('tag_name') === 'domain' ? field('key_value') : null),
        sipProfile: field('sip_profile') ?? field('profile'),
        sipAuth: username
          ? { username, realm: field('sip_auth_realm') ?? '', method: field('sip_auth_method') ?? '' }
          : null,
      });
    }
    case 'dialplan': {
      const called = field('Call-Direction');
      const direction: 'inbound' | 'outbound' | null =
        called === 'inbound' || called === 'outbound' ? called : null;
      return withCommon({
        section,
        context: field('Caller-Context') ?? field('Hunt-Context') ?? '',
        destinationNumber: field('Caller-Destination-Number') ?? field('Hunt-Destination-Number') ?? '',
        callerIdNumber: field('Caller-Caller-ID-Number') ?? '',
        callerIdName: field('Caller-Caller-ID-Name') ?? '',
        uuid: field('Unique-ID'),
        channelName: field('Channel-Name'),
        direction,
      });
    }
    case 'configuration':
      return withCommon({ section, name: field('key_value') ?? '', menuName: field('Menu-Name') });
    default:
      return withCommon({ section: 'other' as const, sectionName: section });
  }
}
