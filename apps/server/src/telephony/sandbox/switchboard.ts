/**
 * The sandbox's live state: per tenant, its legs, park slots and the devices that can ring, plus
 * the parts of a leg's life every feature shares (bridging, ending with a call record, parking).
 * Everything here is synchronous, so one event-loop turn always sees a consistent exchange.
 */
import { PARK_NUMBER_RANGE } from '@tsunagu/contract';
import { callRecord, parkSlots } from './channel-views';
import type { EngineEmitter } from './engine-events';
import type { Device, Leg, Playback } from './leg';
import { voicemailDeposit } from './voicemail-message';

const SLOTS = PARK_NUMBER_RANGE.max - PARK_NUMBER_RANGE.min + 1;

/** One tenant's exchange. */
export interface TenantLine {
  readonly domainName: string;
  readonly tenantUuid: string;
  readonly legs: Map<string, Leg>;
  /** Slot n (1–8) is index n-1. */
  readonly parked: (Leg | null)[];
  /** Logged-in browser softphones by extension. */
  readonly browsers: Map<string, Set<Device>>;
  /** Logged-in caller pages by the outside number they present. */
  readonly callerPages: Map<string, Set<Device>>;
  /** Simulated desk phones by extension, made when first needed. */
  readonly deskPhones: Map<string, Device>;
  /** Listen-in calls opened on monitored browsers, by their callID: the monitor leg they feed. */
  readonly taps: Map<string, Leg>;
}

export interface Switchboard {
  readonly events: EngineEmitter;
  now(): Date;
  /** The tenant's exchange, opened on first use. */
  line(domainName: string, tenantUuid: string): TenantLine;
  find(domainName: string): TenantLine | undefined;
  lines(): IterableIterator<TenantLine>;
  addLeg(leg: Leg): void;
  /** Something about the tenant's channels changed: callState is emitted once per turn. */
  changed(domainName: string): void;
  register(line: TenantLine, extension: string, device: Device): void;
  unregister(line: TenantLine, extension: string, device: Device): void;
  /**
   * Ends a leg: its device hears verto.bye (unless it hung up itself), its flow and fork stop, a
   * bridged peer and its listeners end too, and its call record is emitted. Idempotent.
   */
  end(leg: Leg, cause: string, options?: { fromDevice?: boolean }): void;
  /** Bridges two live legs: `callee` becomes `caller`'s far end. Media is settled by the caller. */
  link(caller: Leg, callee: Leg): void;
  /** Parks a leg in slot 1–8; false when the slot is taken. */
  park(leg: Leg, slot: number): boolean;
  unpark(leg: Leg): void;
  /** Tells a leg's device what it would be hearing (null: nothing). */
  play(leg: Leg, playback: Playback | null): void;
}

export interface SwitchboardDeps {
  events: EngineEmitter;
  now: () => Date;
  /** Two legs were bridged (call recording starts here when the tenant records every call). */
  onLink?: (caller: Leg, callee: Leg) => void;
  /** A leg ended: called before its call record is emitted (its recordings are finished first). */
  onLegEnd?: (leg: Leg) => void;
}

export function createSwitchboard(deps: SwitchboardDeps): Switchboard {
  const { events, now } = deps;
  const lines = new Map<string, TenantLine>();
  const pending = new Set<string>();

  function changed(domainName: string): void {
    if (pending.has(domainName)) return;
    pending.add(domainName);
    queueMicrotask(() => {
      pending.delete(domainName);
      events.emit('callState', { domainName });
    });
  }

  function emitPark(line: TenantLine): void {
    events.emit('park', { domainName: line.domainName, slots: parkSlots(line.parked) });
  }

  function play(leg: Leg, playback: Playback | null): void {
    if (leg.ended || (playback === null && leg.playing === null)) return;
    leg.playing = playback;
    leg.device.audio(leg.uuid, playback);
  }

  function unpark(leg: Leg): void {
    const line = lines.get(leg.domainName);
    if (!line || leg.parkedIn === null) return;
    line.parked[leg.parkedIn - 1] = null;
    leg.parkedIn = null;
    play(leg, null);
    emitPark(line);
    changed(leg.domainName);
  }

  function end(leg: Leg, cause: string, options: { fromDevice?: boolean } = {}): void {
    if (leg.ended) return;
    leg.ended = true;
    const endStamp = now();
    const line = lines.get(leg.domainName);
    leg.flow?.abort();
    leg.flow = null;
    const fork = leg.fork;
    leg.fork = null;
    if (!options.fromDevice) leg.device.bye(leg.uuid, cause);
    if (leg.parkedIn !== null) unpark(leg);
    if (leg.monitoring) {
      const { target, tap } = leg.monitoring;
      target.monitors.delete(leg);
      if (tap) {
        line?.taps.delete(tap.callID);
        tap.device.bye(tap.callID, 'NORMAL_CLEARING');
      }
      leg.monitoring = null;
    }
    for (const monitor of [...leg.monitors]) end(monitor, 'NORMAL_CLEARING');
    const peer = leg.peer;
    leg.peer = null;
    if (peer) {
      peer.peer = null;
      end(peer, 'NORMAL_CLEARING');
    }
    line?.legs.delete(leg.uuid);
    deps.onLegEnd?.(leg);
    events.emit('cdr', callRecord(leg, cause, endStamp));
    const deposit = voicemailDeposit(leg);
    leg.recording = null;
    if (deposit) events.emit('voicemail', deposit);
    changed(leg.domainName);
    // Last, so whatever the fork does next (ring the next member, route on) sees this leg gone.
    fork?.ended(leg, cause);
  }

  return {
    events,
    now,
    line(domainName, tenantUuid) {
      let line = lines.get(domainName);
      if (!line) {
        line = {
          domainName,
          tenantUuid,
          legs: new Map(),
          parked: Array.from({ length: SLOTS }, () => null),
          browsers: new Map(),
          callerPages: new Map(),
          deskPhones: new Map(),
          taps: new Map(),
        };
        lines.set(domainName, line);
      }
      return line;
    },
    find: (domainName) => lines.get(domainName),
    lines: () => lines.values(),
    addLeg(leg) {
      lines.get(leg.domainName)?.legs.set(leg.uuid, leg);
      changed(leg.domainName);
    },
    changed,
    register(line, extension, device) {
      let devices = line.browsers.get(extension);
      if (!devices) line.browsers.set(extension, (devices = new Set()));
      devices.add(device);
      if (devices.size === 1) {
        events.emit('registration', {
          domainName: line.domainName,
          extension,
          registered: true,
          kind: 'verto',
        });
      }
    },
    unregister(line, extension, device) {
      const devices = line.browsers.get(extension);
      if (!devices?.delete(device) || devices.size > 0) return;
      line.browsers.delete(extension);
      events.emit('registration', {
        domainName: line.domainName,
        extension,
        registered: false,
        kind: 'verto',
      });
    },
    end,
    link(caller, callee) {
      const at = now();
      caller.peer = callee;
      callee.peer = caller;
      caller.callee = callee.self;
      for (const leg of [caller, callee]) {
        if (leg.state !== 'HELD') leg.state = 'ACTIVE';
        leg.answeredAt ??= at;
        leg.bridged = true;
        play(leg, null);
      }
      changed(caller.domainName);
      deps.onLink?.(caller, callee);
    },
    park(leg, slot) {
      const line = lines.get(leg.domainName);
      if (!line || line.parked[slot - 1] !== null) return false;
      line.parked[slot - 1] = leg;
      leg.parkedIn = slot;
      leg.application = 'valet_park';
      leg.dest = `park+${PARK_NUMBER_RANGE.min + slot - 1}`;
      emitPark(line);
      changed(leg.domainName);
      return true;
    },
    unpark,
    play,
  };
}
