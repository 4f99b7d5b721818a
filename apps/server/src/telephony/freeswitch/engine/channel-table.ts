/**
 * Every live FreeSWITCH channel, by tenant, built from events and replaced by `show channels` after
 * a (re)connect. Reports which tenants' listings changed, so only real changes are announced.
 */
import type { CallStateEntry, ChannelState } from '../../engine';
import type { CallStateEntry as Channel } from '../types';

const STATES: Readonly<Record<string, ChannelState>> = {
  DOWN: 'DOWN',
  RINGING: 'RINGING',
  RING_WAIT: 'RINGING',
  EARLY: 'EARLY',
  ACTIVE: 'ACTIVE',
  UNHELD: 'ACTIVE',
  HELD: 'HELD',
};

/** Hung-up channels remembered, so their late events (FreeSWITCH sends some) cannot bring them back. */
const REMEMBERED_HANGUPS = 10_000;

/** The extension a channel is the phone of: the user part of its presence id within its tenant. */
function extensionOf(channel: Channel): string {
  const at = channel.presence_id.lastIndexOf('@');
  return at > 0 && channel.presence_id.slice(at + 1) === channel.domain
    ? channel.presence_id.slice(0, at)
    : '';
}

/** A channel as the presence panel sees it. */
export function callStateEntry(channel: Channel): CallStateEntry {
  return {
    uuid: channel.uuid,
    extension: extensionOf(channel),
    application: channel.application,
    dest: channel.dest,
    cid_num: channel.cid_num,
    callee_num: channel.callee_num,
    sent_callee_num: channel.sent_callee_num,
    direction: channel.direction,
    callstate: STATES[channel.callstate] ?? 'DOWN',
  };
}

const sameView = (a: Channel | undefined, b: Channel | undefined) =>
  a?.domain === b?.domain &&
  JSON.stringify(a && callStateEntry(a)) === JSON.stringify(b && callStateEntry(b));

/**
 * A later event may leave out what an earlier one said (CHANNEL_CALLSTATE has no application and no
 * variables), so a field only changes when the new event says something.
 */
function merged(previous: Channel | undefined, next: Channel): Channel {
  if (!previous) return next;
  const result: Record<string, string> = { ...previous };
  for (const [key, value] of Object.entries(next)) if (value !== '') result[key] = value;
  return result as unknown as Channel;
}

export class ChannelTable {
  private readonly channels = new Map<string, Channel>();
  private readonly byDomain = new Map<string, Set<string>>();
  private readonly hungUp = new Set<string>();

  /** Takes what an event says about a channel; returns the tenants whose listing changed. */
  update(next: Channel): string[] {
    if (this.hungUp.has(next.uuid)) return [];
    const previous = this.channels.get(next.uuid);
    return this.put(previous, merged(previous, next));
  }

  /** A channel hung up; returns the tenants whose listing changed. */
  remove(uuid: string): string[] {
    this.hungUp.add(uuid);
    if (this.hungUp.size > REMEMBERED_HANGUPS)
      this.hungUp.delete(this.hungUp.values().next().value as string);
    const previous = this.channels.get(uuid);
    if (!previous) return [];
    this.channels.delete(uuid);
    this.byDomain.get(previous.domain)?.delete(uuid);
    return previous.domain ? [previous.domain] : [];
  }

  /** Replaces everything with what FreeSWITCH listed; returns the tenants whose listing changed. */
  replace(listed: readonly Channel[]): string[] {
    const before = new Map(this.channels);
    this.channels.clear();
    this.byDomain.clear();
    for (const channel of listed) this.put(undefined, channel);
    const changed = new Set<string>();
    for (const uuid of new Set([...before.keys(), ...this.channels.keys()])) {
      const was = before.get(uuid);
      const is = this.channels.get(uuid);
      if (sameView(was, is)) continue;
      for (const domain of [was?.domain, is?.domain]) if (domain) changed.add(domain);
    }
    return [...changed];
  }

  /** The tenant's channels. */
  list(domainName: string): CallStateEntry[] {
    return [...(this.byDomain.get(domainName) ?? [])].map((uuid) =>
      callStateEntry(this.channels.get(uuid) as Channel),
    );
  }

  /** One channel, as FreeSWITCH described it. */
  get(uuid: string): Channel | undefined {
    return this.channels.get(uuid);
  }

  /** The call an extension is in (answered or held), to listen to when monitoring it; null when none. */
  monitorTarget(domainName: string, extension: string): string | null {
    for (const uuid of this.byDomain.get(domainName) ?? []) {
      const channel = this.channels.get(uuid) as Channel;
      const state = STATES[channel.callstate];
      if (extensionOf(channel) === extension && (state === 'ACTIVE' || state === 'HELD')) return uuid;
    }
    return null;
  }

  /**
   * The call ringing an extension, to pick up with *8: the calling leg (its a-leg, `call_uuid`) of the
   * oldest channel still ringing the extension's phone; null when none rings it. A click-to-call's first
   * leg has no calling leg (FreeSWITCH itself originated it), so it cannot be picked up.
   */
  pickupTarget(domainName: string, extension: string): string | null {
    for (const uuid of this.byDomain.get(domainName) ?? []) {
      const channel = this.channels.get(uuid) as Channel;
      const state = STATES[channel.callstate];
      if (
        extensionOf(channel) === extension &&
        channel.direction === 'outbound' &&
        (state === 'RINGING' || state === 'EARLY') &&
        channel.call_uuid !== uuid
      )
        return channel.call_uuid;
    }
    return null;
  }

  private put(previous: Channel | undefined, channel: Channel): string[] {
    this.channels.set(channel.uuid, channel);
    if (previous && previous.domain !== channel.domain)
      this.byDomain.get(previous.domain)?.delete(channel.uuid);
    let set = this.byDomain.get(channel.domain);
    if (!set) this.byDomain.set(channel.domain, (set = new Set()));
    set.add(channel.uuid);
    if (sameView(previous, channel)) return [];
    return [...new Set([previous?.domain ?? '', channel.domain])].filter((domain) => domain !== '');
  }
}
