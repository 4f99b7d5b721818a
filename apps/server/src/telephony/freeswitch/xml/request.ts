import type { XmlCurlRequest } from '../types';

/**
 * Reads a mod_xml_curl POST body (application/x-www-form-urlencoded) into a typed request.
 * FreeSWITCH escapes '+' as %2B, so form decoding (where '+' means a space) is safe here.
 */
export function parseXmlCurlRequest(body: string): XmlCurlRequest {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (!(key in params)) params[key] = value;
  }
  const field = (name: string): string | null => {
    const value = params[name];
    return value === undefined || value === '' ? null : value;
  };
  const common = { hostname: field('hostname'), params };
  const section = field('section') ?? '';

  switch (section) {
    case 'directory': {
      const username = field('sip_auth_username');
      return {
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
      };
    }
    case 'dialplan': {
      const direction = field('Call-Direction');
      const variables: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        if (key.startsWith('variable_')) variables[key.slice('variable_'.length)] = value;
      }
      return {
        ...common,
        section,
        context: field('Caller-Context') ?? field('Hunt-Context') ?? '',
        destinationNumber: field('Caller-Destination-Number') ?? field('Hunt-Destination-Number') ?? '',
        callerIdNumber: field('Caller-Caller-ID-Number') ?? '',
        callerIdName: field('Caller-Caller-ID-Name') ?? '',
        uuid: field('Unique-ID'),
        channelName: field('Channel-Name'),
        direction: direction === 'inbound' || direction === 'outbound' ? direction : null,
        variables,
      };
    }
    case 'configuration':
      return { ...common, section, name: field('key_value') ?? '', menuName: field('Menu-Name') };
    default:
      return { ...common, section: 'other', sectionName: section };
  }
}
