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

/** Adds a property computed on first read: most requests never need the full field maps. */
function lazy<T extends object, K extends string, V>(target: T, key: K, make: () => V): T & Record<K, V> {
  let value: V | undefined;
  return Object.defineProperty(target, key, { enumerable: true, get: () => (value ??= make()) }) as T &
    Record<K, V>;
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
  const micros = Number(field('Event-Date-Timestamp'));
  const common = {
    hostname: field('hostname'),
    instant: Number.isFinite(micros) && micros > 0 ? Math.floor(micros / 1000) : null,
    field,
  };
  const withParams = <T extends object>(request: T) =>
    lazy(request, 'params', () =>
      Object.freeze(Object.fromEntries([...fields()].map(([name, raw]) => [name, decodeFormValue(raw)]))),
    );
  const section = field('section') ?? '';

  switch (section) {
    case 'directory': {
      const username = field('sip_auth_username');
      return withParams({
        ...common,
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
      const request = withParams({
        ...common,
        section,
        context: field('Caller-Context') ?? field('Hunt-Context') ?? '',
        destinationNumber: field('Caller-Destination-Number') ?? field('Hunt-Destination-Number') ?? '',
        callerIdNumber: field('Caller-Caller-ID-Number') ?? '',
        callerIdName: field('Caller-Caller-ID-Name') ?? '',
        uuid: field('Unique-ID'),
        channelName: field('Channel-Name'),
        direction,
      });
      return lazy(request, 'variables', () => {
        const variables: Record<string, string> = {};
        for (const [name, raw] of fields()) {
          if (name.startsWith('variable_')) variables[name.slice('variable_'.length)] = decodeFormValue(raw);
        }
        return Object.freeze(variables);
      });
    }
    case 'configuration':
      return withParams({ ...common, section, name: field('key_value') ?? '', menuName: field('Menu-Name') });
    default:
      return withParams({ ...common, section: 'other', sectionName: section });
  }
}
