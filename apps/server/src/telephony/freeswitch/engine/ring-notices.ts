/**
 * Which extensions a call rings, from the legs FreeSWITCH creates towards users' phones. One call
 * rings an extension through several legs (each SIP registration, each browser), and a
 * click-to-call's first leg forks the same way: the user is told once per call.
 */
import type { RingNotice } from '../../engine';
import type { EslEvent } from '../esl/esl-codec';

/** The variable our click-to-call originate sets on every leg it forks, naming the request. */
export const CLICK_TO_CALL_MARK = 'tsunagu_c2c';

/** Calls and legs remembered for de-duplication; old ones are forgotten first. */
const REMEMBERED = 5_000;

const get = (event: EslEvent, name: string) => event[name] ?? '';

/** A leg being placed towards a user's phone: an outgoing, unanswered leg that carries the user's presence. */
function ringingUser(event: EslEvent): { extension: string; domainName: string } | null {
  const name = get(event, 'Event-Name');
  const ringing =
    name === 'CHANNEL_CREATE' ||
    name === 'CHANNEL_PROGRESS' ||
    (name === 'CHANNEL_CALLSTATE' && get(event, 'Channel-Call-State') === 'RINGING');
  if (!ringing || get(event, 'Call-Direction') !== 'outbound' || get(event, 'Answer-State') === 'answered') {
    return null;
  }
  const presence = get(event, 'Channel-Presence-ID') || get(event, 'variable_presence_id');
  const at = presence.lastIndexOf('@');
  if (at <= 0 || at === presence.length - 1) return null;
  return { extension: presence.slice(0, at), domainName: presence.slice(at + 1) };
}

function remember(set: Set<string>, value: string): void {
  set.add(value);
  if (set.size > REMEMBERED) set.delete(set.values().next().value as string);
}

export class RingNotices {
  private readonly legs = new Set<string>();
  private readonly told = new Set<string>();

  /** The notice an event brings, or null (not a ringing user leg, or that user was already told). */
  take(event: EslEvent): RingNotice | null {
    const uuid = get(event, 'Unique-ID');
    const user = uuid && !this.legs.has(uuid) ? ringingUser(event) : null;
    if (!user) return null;
    // Only a leg's first event counts: later ones (CHANNEL_CALLSTATE) carry no variables to group it by.
    remember(this.legs, uuid);
    const mark = get(event, `variable_${CLICK_TO_CALL_MARK}`);
    const call = mark || get(event, 'Channel-Call-UUID') || uuid;
    const key = `${call}|${user.domainName}|${user.extension}`;
    if (this.told.has(key)) return null;
    remember(this.told, key);
    return {
      domainName: user.domainName,
      extension: user.extension,
      callId: uuid,
      callerName: get(event, 'Caller-Caller-ID-Name'),
      callerNumber: get(event, 'Caller-Caller-ID-Number'),
      clickToCall: mark !== '' || get(event, 'variable_click_to_call') === 'true',
    };
  }
}
