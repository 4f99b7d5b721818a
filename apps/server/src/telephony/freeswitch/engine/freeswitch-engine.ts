/**
 * The TelephonyEngine on a real FreeSWITCH (TELEPHONY=freeswitch): channels, park slots,
 * registrations and rings from Event Socket events, commands over Event Socket, call records from
 * mod_json_cdr and configuration answers for mod_xml_curl (see docs/freeswitch.md).
 */
import { randomUUID } from 'node:crypto';
import type { FreeswitchSettings } from '../../../config';
import type { SecretBox } from '../../../platform/crypto/secrets';
import type { Db } from '../../../platform/db/client';
import { createTenantConfigs, type TenantConfigs } from '../../config';
import type { TelephonyEngine } from '../../engine';
import { createEngineEmitter } from '../../sandbox/engine-events';
import { callRecordOf } from '../cdr/cdr-intake';
import { EslClient, type EslClientOptions } from '../esl/esl-client';
import type { EslEvent } from '../esl/esl-codec';
import {
  ENGINE_EVENT_NAMES,
  ENGINE_EVENT_SUBCLASSES,
  callStateEntryFromEvent,
  parseShowChannels,
  parseValetInfo,
  toEngineEvent,
} from '../esl/events';
import type { CallStateEntry as Channel } from '../types';
import { createXmlAnswers, type XmlAnswers } from '../xml-curl/xml-answers';
import { ChannelTable } from './channel-table';
import { clickToCallCommand, hangupCommand, transferCommand } from './commands';
import { ParkLots } from './park-lots';
import { Registrations } from './registrations';
import { RingNotices } from './ring-notices';

export interface FreeswitchEngineDeps {
  db: Db;
  /** Opens the extensions' sealed passwords for the directory. */
  secrets: SecretBox;
  settings: FreeswitchSettings;
  /** Shared with whoever else reads routing snapshots; one of its own otherwise. */
  configs?: TenantConfigs;
  onError?: (error: unknown) => void;
  /** Event Socket timing (tests shorten it). */
  esl?: Pick<EslClientOptions, 'reconnect' | 'commandTimeoutMs' | 'jobTimeoutMs'>;
  now?: () => number;
  random?: () => number;
}

export interface FreeswitchEngine extends TelephonyEngine {
  readonly kind: 'freeswitch';
  /** The mod_verto WebSocket URL browser softphones connect to. */
  readonly softphoneUrl: string;
  /** Answers mod_xml_curl (POST /fs/xml). */
  readonly xml: XmlAnswers;
  /** Takes one mod_json_cdr post (POST /fs/cdr); throws CdrParseError for a body that is no record. */
  receiveCdr(body: string, contentType: string): Promise<void>;
  /** Extensions with a phone signed in now, by kind. */
  registrations(domainName: string): { extension: string; kind: 'verto' | 'sip' }[];
}

/** `uuid_getvar` says this when the variable is not set. */
const UNSET = '_undef_';

export function createFreeswitchEngine(deps: FreeswitchEngineDeps): FreeswitchEngine {
  const onError = deps.onError ?? ((error: unknown) => console.error('freeswitch:', error));
  const events = createEngineEmitter(onError);
  const configs = deps.configs ?? createTenantConfigs({ db: deps.db });
  const channels = new ChannelTable();
  const parks = new ParkLots();
  const rings = new RingNotices();
  const signedIn = new Map<string, Set<string>>();
  const client = new EslClient({
    ...deps.settings.esl,
    events: ENGINE_EVENT_NAMES,
    subclasses: ENGINE_EVENT_SUBCLASSES,
    ...deps.esl,
  });
  const xml = createXmlAnswers({
    db: deps.db,
    secrets: deps.secrets,
    configs,
    recordingsPath: deps.settings.recordingsPath,
    monitorTarget: (domainName, extension) => channels.monitorTarget(domainName, extension),
    now: deps.now,
    random: deps.random,
  });

  const registrations = new Registrations({
    async stillSignedIn(domainName, extension, kind) {
      const address = `${extension}@${domainName}`;
      const contacts = await client.api(
        kind === 'sip' ? `sofia_contact */${address}` : `verto_contact ${address}`,
      );
      return contacts.trim() !== '' && !contacts.trim().startsWith('error/');
    },
    announce(registration) {
      const key = `${registration.domainName}|${registration.kind}`;
      let set = signedIn.get(key);
      if (!set) signedIn.set(key, (set = new Set()));
      if (registration.registered) set.add(registration.extension);
      else set.delete(registration.extension);
      events.emit('registration', registration);
    },
    onError,
  });

  const announceCallState = (domains: string[]) => {
    for (const domainName of domains) events.emit('callState', { domainName });
  };
  const announcePark = (domainName: string | null) => {
    if (domainName) events.emit('park', { domainName, slots: parks.slots(domainName) });
  };

  function apply(event: EslEvent): void {
    const notice = rings.take(event);
    if (notice) events.emit('ring', notice);
    const mapped = toEngineEvent(event);
    switch (mapped?.kind) {
      case 'call-state':
        return announceCallState(channels.update(mapped.entry));
      case 'hangup':
        return announceCallState(channels.remove(mapped.uuid));
      case 'park': {
        // Valet events carry the parked channel too: that is where it is seen running valet_park.
        const channel = callStateEntryFromEvent(event);
        if (channel) announceCallState(channels.update(channel));
        return announcePark(parks.apply(mapped));
      }
      case 'registration':
        return registrations.handle(mapped);
      default:
        return;
    }
  }

  // Events that arrive while the tables are being rebuilt are held back, then applied on top of the
  // rebuilt tables: FreeSWITCH may report a change just after (or just before) its listing.
  let held: EslEvent[] | null = null;

  /** A listed channel's tenant when the listing cannot tell (an outside call: context 'public'). */
  async function withTenant(channel: Channel): Promise<Channel> {
    if (channel.domain) return channel;
    const domain = (await client.api(`uuid_getvar ${channel.uuid} domain_name`)).trim();
    return domain && domain !== UNSET ? { ...channel, domain } : channel;
  }

  /** After every (re)connect: events were missed, so channels and park slots are listed afresh. */
  async function resynchronise(): Promise<void> {
    held = [];
    try {
      const listed = parseShowChannels(await client.api('show channels as json'));
      const known: Channel[] = [];
      for (const channel of listed) known.push(await withTenant(channel));
      const parked = parseValetInfo(await client.api('valet_info'));
      announceCallState(channels.replace(known));
      for (const domainName of parks.replace(parked, (uuid) => callerOf(uuid))) announcePark(domainName);
    } catch (error) {
      onError(error);
    } finally {
      const pending = held;
      held = null;
      pending.forEach(apply);
    }
  }

  function callerOf(uuid: string) {
    const channel = channels.get(uuid);
    return { callerIdNumber: channel?.cid_num ?? '', callerIdName: channel?.cid_name ?? '' };
  }

  let up = false;
  client.on('connected', () => {
    up = true;
    void resynchronise();
  });
  client.on('reconnected', () => {
    up = true;
    void resynchronise();
  });
  client.on('disconnected', (reason) => {
    // Reported once per lost connection, not for every failed retry.
    if (up) onError(reason);
    up = false;
  });
  client.on('event', (event) => {
    if (held) held.push(event);
    else apply(event);
  });
  client.start();

  /** The channel, when it is one of the tenant's. */
  function channelOf(domainName: string, uuid: string): Channel {
    const channel = channels.get(uuid);
    if (!channel || channel.domain !== domainName) throw new Error('通話が見つかりません。');
    return channel;
  }

  return {
    kind: 'freeswitch',
    softphoneUrl: deps.settings.vertoUrl,
    xml,

    configChanged(tenantUuid, kind) {
      configs.invalidate(tenantUuid, kind);
      xml.flush(tenantUuid, kind);
      // FreeSWITCH keeps user lookups it was allowed to cache; extensions changed, so drop them.
      if (kind === 'extension' && client.isReady) client.api('xml_flush_cache').catch(onError);
    },

    callState: (domainName) => channels.list(domainName),
    parkSlots: (domainName) => parks.slots(domainName),
    registrations: (domainName) =>
      (['sip', 'verto'] as const).flatMap((kind) =>
        [...(signedIn.get(`${domainName}|${kind}`) ?? [])].map((extension) => ({ extension, kind })),
      ),
    on: events.on,

    async clickToCall(request) {
      const config = await configs.byDomainName(request.domainName);
      if (!config?.extensions.get(request.extension)?.enabled) throw new Error('内線が見つかりません。');
      // Accepted once FreeSWITCH takes the job: the phone then rings for up to 20 seconds.
      await client.command({ type: 'bgapi', command: clickToCallCommand(request, randomUUID()) });
    },

    async hangup(domainName, channelUuid) {
      channelOf(domainName, channelUuid);
      await client.api(hangupCommand(channelUuid));
    },

    async transfer(domainName, channelUuid, dest) {
      channelOf(domainName, channelUuid);
      await client.api(transferCommand(channelUuid, dest, domainName));
    },

    async receiveCdr(body, contentType) {
      const record = await callRecordOf(body, contentType, configs);
      if (record) events.emit('cdr', record);
    },

    close() {
      // Stopping on purpose is no lost connection to report.
      up = false;
      return client.stop();
    },
  };
}
