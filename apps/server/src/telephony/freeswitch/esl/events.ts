import type { XmlElement } from '../xml/xml';
import { childElements, parseXml, textOf } from '../xml/xml-parse';
import type { EslEvent } from './esl-codec';
import type {
  CallStateEntry,
  FreeswitchEngineEvent,
  ParkAction,
  ParkedCall,
  ParkEvent,
  RegistrationEvent,
  VoicemailLeftEvent,
} from '../types';

/** Event names the engine subscribes to (`event json …`). */
export const ENGINE_EVENT_NAMES = [
  'CHANNEL_CREATE',
  // A verto leg reports progress (with its variables) before its CHANNEL_CREATE: it tells who rings.
  'CHANNEL_PROGRESS',
  'CHANNEL_CALLSTATE',
  'CHANNEL_ANSWER',
  'CHANNEL_BRIDGE',
  'CHANNEL_UNBRIDGE',
  'CHANNEL_PARK',
  'CHANNEL_UNPARK',
  'CHANNEL_HANGUP',
  'CHANNEL_HANGUP_COMPLETE',
  'BACKGROUND_JOB',
] as const;

/** CUSTOM subclasses the engine subscribes to. */
export const ENGINE_EVENT_SUBCLASSES = [
  'valet_parking::info',
  'sofia::register',
  'sofia::unregister',
  'sofia::expire',
  'verto::login',
  'verto::client_disconnect',
  // mod_voicemail: a message left in a box (VM-Action leave-message), among its other maintenance.
  'vm::maintenance',
] as const;

const get = (event: EslEvent, name: string): string => event[name] ?? '';

/** Splits 'user@domain'. */
function splitAddress(address: string): { user: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return { user: address.slice(0, at), domain: address.slice(at + 1) };
}

function sipRegistration(event: EslEvent, registered: boolean): RegistrationEvent | null {
  // register/unregister name the user as 'username' (from-user as fallback); expire uses 'user'/'host'.
  const extension = get(event, 'username') || get(event, 'from-user') || get(event, 'user');
  const domain = get(event, 'realm') || get(event, 'from-host') || get(event, 'host');
  if (!extension || !domain) return null;
  return {
    kind: 'registration',
    extension,
    domain,
    registered,
    via: 'sip',
    contactId: get(event, 'call-id'),
  };
}

function vertoRegistration(event: EslEvent, registered: boolean): RegistrationEvent | null {
  // A failed login also fires verto::login (verto_success "0"), and a socket that never logged in
  // still fires client_disconnect, without verto_login.
  if (registered && get(event, 'verto_success') !== '1') return null;
  const address = splitAddress(get(event, 'verto_login'));
  if (!address) return null;
  return {
    kind: 'registration',
    extension: address.user,
    domain: address.domain,
    registered,
    via: 'verto',
    contactId: get(event, 'verto_client_address'),
  };
}

/** A context that names a tenant: FreeSWITCH's own 'default' and 'public' do not. */
export function tenantContext(context: string): string {
  return context === 'default' || context === 'public' ? '' : context;
}

/** Reads the channel headers every CHANNEL_* event (and valet events) carry. */
export function callStateEntryFromEvent(event: EslEvent): CallStateEntry | null {
  const uuid = get(event, 'Unique-ID');
  if (!uuid) return null;
  const direction = get(event, 'Call-Direction') === 'outbound' ? 'outbound' : 'inbound';
  // CHANNEL_ANSWER still carries the state the channel had before answering (RINGING);
  // FreeSWITCH switches it to ACTIVE right after, so report that.
  const callstate =
    get(event, 'Event-Name') === 'CHANNEL_ANSWER' ? 'ACTIVE' : get(event, 'Channel-Call-State');
  const presenceId = get(event, 'Channel-Presence-ID') || get(event, 'variable_presence_id');
  const context = get(event, 'Caller-Context');
  return {
    uuid,
    call_uuid: get(event, 'Channel-Call-UUID') || uuid,
    name: get(event, 'Channel-Name'),
    direction,
    callstate,
    dest: get(event, 'Caller-Destination-Number'),
    application: get(event, 'variable_current_application'),
    application_data: get(event, 'variable_current_application_data'),
    cid_name: get(event, 'Caller-Caller-ID-Name'),
    cid_num: get(event, 'Caller-Caller-ID-Number'),
    callee_name: get(event, 'Caller-Callee-ID-Name'),
    callee_num: get(event, 'Caller-Callee-ID-Number'),
    sent_callee_num: get(event, 'variable_last_sent_callee_id_number'),
    presence_id: presenceId,
    context,
    domain:
      splitAddress(presenceId)?.domain ||
      get(event, 'variable_domain_name') ||
      get(event, 'variable_dialed_domain') ||
      tenantContext(context),
  };
}

const HANGUP_EVENTS = new Set(['CHANNEL_HANGUP', 'CHANNEL_HANGUP_COMPLETE', 'CHANNEL_DESTROY']);
const PARK_ACTIONS = new Set<string>(['hold', 'bridge', 'exit'] satisfies ParkAction[]);
const isParkAction = (value: string): value is ParkAction => PARK_ACTIONS.has(value);

function parkEvent(event: EslEvent): ParkEvent | null {
  const lot = get(event, 'Valet-Lot-Name');
  const slot = get(event, 'Valet-Extension');
  const action = get(event, 'Action');
  if (!lot || !slot || !isParkAction(action)) return null;
  return {
    kind: 'park',
    lot,
    domain: splitAddress(lot)?.domain ?? '',
    slot,
    action,
    // A retrieve fires 'bridge' and no 'exit' for the parked leg, so only 'hold' leaves the slot taken.
    occupied: action === 'hold',
    uuid: get(event, 'Unique-ID'),
    callerIdNumber: get(event, 'Caller-Caller-ID-Number'),
    callerIdName: get(event, 'Caller-Caller-ID-Name'),
  };
}

/** A message left in a box (mod_voicemail's leave-message); its other maintenance events are not used. */
function voicemailLeft(event: EslEvent): VoicemailLeftEvent | null {
  if (get(event, 'VM-Action') !== 'leave-message') return null;
  const extension = get(event, 'VM-User');
  const domain = get(event, 'VM-Domain');
  const uuid = get(event, 'VM-UUID');
  const filePath = get(event, 'VM-File-Path');
  if (!extension || !domain || !uuid || !filePath) return null;
  const epoch = Number(get(event, 'VM-Timestamp'));
  return {
    kind: 'voicemail',
    extension,
    domain,
    uuid,
    callerIdNumber: get(event, 'VM-Caller-ID-Number'),
    callerIdName: get(event, 'VM-Caller-ID-Name'),
    filePath,
    seconds: Number(get(event, 'VM-Message-Len')) || 0,
    at: Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date(),
  };
}

function customEvent(event: EslEvent): FreeswitchEngineEvent | null {
  switch (get(event, 'Event-Subclass')) {
    case 'sofia::register':
      return sipRegistration(event, true);
    case 'sofia::unregister':
    case 'sofia::expire':
      return sipRegistration(event, false);
    case 'verto::login':
      return vertoRegistration(event, true);
    case 'verto::client_disconnect':
      return vertoRegistration(event, false);
    case 'valet_parking::info':
      return parkEvent(event);
    case 'vm::maintenance':
      return voicemailLeft(event);
    default:
      return null;
  }
}

/** Maps one FreeSWITCH JSON event to what the engine reports; null for events it does not use. */
export function toEngineEvent(event: EslEvent): FreeswitchEngineEvent | null {
  const name = get(event, 'Event-Name');
  if (name === 'CUSTOM') return customEvent(event);
  if (!name.startsWith('CHANNEL_')) return null;
  const entry = callStateEntryFromEvent(event);
  if (!entry) return null;
  if (HANGUP_EVENTS.has(name) || entry.callstate === 'HANGUP') {
    const cause = get(event, 'Hangup-Cause') || get(event, 'variable_hangup_cause');
    return { kind: 'hangup', uuid: entry.uuid, call_uuid: entry.call_uuid, cause, entry };
  }
  return { kind: 'call-state', entry };
}

const text = (row: Record<string, unknown>, key: string): string => {
  const value = row[key];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
};

/**
 * Reads the body of `show channels as json`. With no channels FreeSWITCH answers
 * `{"row_count": 0}` with no `rows` at all.
 */
export function parseShowChannels(body: string): CallStateEntry[] {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('show channels: not a JSON object');
  const rows: unknown = (parsed as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return [];
  return rows
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    .map((row) => ({
      uuid: text(row, 'uuid'),
      domain: splitAddress(text(row, 'presence_id'))?.domain || tenantContext(text(row, 'context')),
      call_uuid: text(row, 'call_uuid') || text(row, 'uuid'),
      name: text(row, 'name'),
      direction: text(row, 'direction') === 'outbound' ? ('outbound' as const) : ('inbound' as const),
      callstate: text(row, 'callstate'),
      dest: text(row, 'dest'),
      application: text(row, 'application'),
      application_data: text(row, 'application_data'),
      cid_name: text(row, 'cid_name'),
      cid_num: text(row, 'cid_num'),
      callee_name: text(row, 'callee_name'),
      callee_num: text(row, 'callee_num'),
      sent_callee_num: text(row, 'sent_callee_num'),
      presence_id: text(row, 'presence_id'),
      context: text(row, 'context'),
    }))
    .filter((entry) => entry.uuid !== '');
}

/** Reads the body of `valet_info`, which FreeSWITCH answers only in XML. */
export function parseValetInfo(body: string): ParkedCall[] {
  const root = parseXml(body);
  return childElements(root, 'lot').flatMap((lot) => {
    const name = lot.attrs.name ?? '';
    const domain = splitAddress(name)?.domain ?? '';
    return childElements(lot, 'extension').map((ext) => ({
      lot: name,
      domain,
      slot: textOf(ext).trim(),
      uuid: ext.attrs.uuid ?? '',
    }));
  });
}

/** One extension a listing names as signed in (a desk phone, or a browser softphone). */
export type ListedRegistration = Pick<RegistrationEvent, 'extension' | 'domain'>;

/**
 * Reads the body of `show registrations as json`: every SIP registration, one row per device.
 * With none FreeSWITCH answers `{"row_count": 0}` with no `rows`, as for `show channels`; a body
 * without `row_count` is no listing, so it throws rather than sign everybody out.
 */
export function parseShowRegistrations(body: string): ListedRegistration[] {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || !('row_count' in parsed)) {
    throw new Error('show registrations: not a listing');
  }
  const rows: unknown = (parsed as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return [];
  return rows
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    .map((row) => ({ extension: text(row, 'reg_user'), domain: text(row, 'realm') }))
    .filter((r) => r.extension !== '' && r.domain !== '');
}

/**
 * Reads the body of `verto xmlstatus`: every WebSocket client of mod_verto. Only a client that
 * logged in counts ('CONN_REG (WS)' or '(WSS)'); a socket that has not (yet) is 'CONN_NO_REG'.
 */
export function parseVertoXmlStatus(body: string): ListedRegistration[] {
  const root = parseXml(body);
  if (root.name !== 'profiles') throw new Error(`verto xmlstatus: unexpected <${root.name}>`);
  const field = (client: XmlElement, name: string) =>
    childElements(client, name)
      .map((e) => textOf(e).trim())
      .join('');
  return childElements(root, 'client').flatMap((client) => {
    if (!/^CONN_REG\b/.test(field(client, 'state'))) return [];
    const address = splitAddress(field(client, 'name'));
    return address ? [{ extension: address.user, domain: address.domain }] : [];
  });
}
