/**
 * The TelephonyEngine on a real FreeSWITCH (TELEPHONY=freeswitch): channels, park slots,
 * registrations and rings from Event Socket events, commands over Event Socket, call records from
 * mod_json_cdr and configuration answers for mod_xml_curl (see docs/freeswitch.md).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FreeswitchSettings } from '../../../config';
import type { SecretBox } from '../../../platform/crypto/secrets';
import type { Db } from '../../../platform/db/client';
import { createTenantConfigs, findTenantName, type TenantConfigs } from '../../config';
import { deskPhoneStates } from '../../desk-phones';
import { EngineCommandError, type TelephonyEngine } from '../../engine';
import { finalPlan, route } from '../../routing';
import { createEngineEmitter } from '../../sandbox/engine-events';
import { callRecordOf } from '../cdr/cdr-intake';
import { EslClient, EslError, type EslClientOptions } from '../esl/esl-client';
import type { EslEvent } from '../esl/esl-codec';
import {
  ENGINE_EVENT_NAMES,
  ENGINE_EVENT_SUBCLASSES,
  callStateEntryFromEvent,
  parseShowChannels,
  parseShowRegistrations,
  parseValetInfo,
  parseVertoXmlStatus,
  toEngineEvent,
} from '../esl/events';
import type { CallStateEntry as Channel } from '../types';
import { createXmlAnswers, type XmlAnswers } from '../xml-curl/xml-answers';
import { callStateEntry, ChannelTable } from './channel-table';
import {
  clickToCallCommand,
  flushRegistrationsCommand,
  hangupCommand,
  recordCommand,
  transferCommand,
} from './commands';
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
  /** Something worth a line in the log that is no fault (console.warn unless given). */
  onWarning?: (message: string) => void;
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
  const onWarning = deps.onWarning ?? ((message: string) => console.warn(`freeswitch: ${message}`));
  const now = deps.now ?? Date.now;
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
    pickupTarget: (domainName, extension) => channels.pickupTarget(domainName, extension),
    now: deps.now,
    random: deps.random,
  });

  /** Whether FreeSWITCH has a phone of the kind signed in for the extension ('error/…' when none). */
  async function signedInWith(kind: 'sip' | 'verto', domainName: string, extension: string) {
    const address = `${extension}@${domainName}`;
    const command = kind === 'sip' ? `sofia_contact */${address}` : `verto_contact ${address}`;
    let contacts: string;
    try {
      contacts = (await client.api(command)).trim();
    } catch (error) {
      // FreeSWITCH shutting down unloads mod_verto / mod_sofia before the last sign-outs are checked:
      // "-ERR verto_contact Command not found!" says the module is gone, and no phone of its kind is left.
      if (!isCommandGone(error)) throw error;
      onWarning(
        `${command}: ${error.reply ?? error.message} (the module is unloaded: treated as signed out)`,
      );
      return false;
    }
    return contacts !== '' && !contacts.startsWith('error/');
  }

  const registrations = new Registrations({
    stillSignedIn: (domainName, extension, kind) => signedInWith(kind, domainName, extension),
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
      case 'voicemail':
        // The file as mod_voicemail wrote it: this server reads FreeSWITCH's storage at the same path.
        return events.emit('voicemail', {
          domainName: mapped.domain,
          extension: mapped.extension,
          sourceId: mapped.uuid,
          callerNumber: mapped.callerIdNumber,
          callerName: mapped.callerIdName,
          receivedAt: mapped.at,
          durationMs: mapped.seconds * 1000,
          audio: { kind: 'file', path: mapped.filePath },
        });
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

  /**
   * Runs one listing of the resynchronisation. A failure leaves that part as it was and is reported,
   * unless the connection was lost meanwhile: that is reported once, as the lost connection.
   */
  async function listing(list: () => Promise<void>): Promise<void> {
    try {
      await list();
    } catch (error) {
      if (client.isReady) onError(error);
    }
  }

  async function listCalls(): Promise<void> {
    const listed = parseShowChannels(await client.api('show channels as json'));
    const known: Channel[] = [];
    for (const channel of listed) known.push(await withTenant(channel));
    const parked = parseValetInfo(await client.api('valet_info'));
    announceCallState(channels.replace(known));
    for (const domainName of parks.replace(parked, callerOf)) announcePark(domainName);
  }

  /**
   * After every (re)connect: events were missed, so channels, park slots and each kind of phone are
   * listed afresh. Each kind is replaced on its own: without mod_verto, `verto xmlstatus` fails and
   * the browsers stay as they were.
   */
  async function resynchronise(): Promise<void> {
    held = [];
    try {
      await listing(listCalls);
      await listing(async () =>
        registrations.replace('sip', parseShowRegistrations(await client.api('show registrations as json'))),
      );
      await listing(async () =>
        registrations.replace('verto', parseVertoXmlStatus(await client.api('verto xmlstatus'))),
      );
    } finally {
      // `show registrations` can lag behind FreeSWITCH's own state: the events win.
      const pending = held;
      held = null;
      pending.forEach(apply);
    }
  }

  function callerOf(uuid: string) {
    const channel = channels.get(uuid);
    return { callerIdNumber: channel?.cid_num ?? '', callerIdName: channel?.cid_name ?? '' };
  }

  // A failure is reported once (FreeSWITCH unreachable at start, or a connection lost), not for every
  // retry; connecting again re-arms it.
  let quiet = false;
  const connected = () => {
    quiet = false;
    void resynchronise();
  };
  client.on('connected', connected);
  client.on('reconnected', connected);
  client.on('disconnected', (reason) => {
    if (!quiet) onError(asEslFailure(reason, deps.settings.esl));
    quiet = true;
  });
  client.on('event', (event) => {
    if (held) held.push(event);
    else apply(event);
  });
  client.start();

  const noChannel = () => new EngineCommandError('not-found', 'callNotFound');

  /** The channel, when it is one of the tenant's. */
  function channelOf(domainName: string, uuid: string): Channel {
    const channel = channels.get(uuid);
    if (!channel || channel.domain !== domainName) throw noChannel();
    return channel;
  }

  /** Runs a command on a channel; FreeSWITCH no longer knowing it is the user's "no such call". */
  async function onChannel(command: string): Promise<void> {
    try {
      await client.api(command);
    } catch (error) {
      if (error instanceof EslError && /no such channel/i.test(error.reply ?? '')) throw noChannel();
      throw error;
    }
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
    async softphones(tenantUuid) {
      const config = await configs.byTenant(tenantUuid);
      return config ? [...(signedIn.get(`${config.domainName}|verto`) ?? [])] : [];
    },
    async deskPhones(tenantUuid) {
      const config = await configs.byTenant(tenantUuid);
      return config ? deskPhoneStates(config, signedIn.get(`${config.domainName}|sip`) ?? new Set()) : [];
    },
    on: events.on,

    async clickToCall(request) {
      const command = clickToCallCommand(request, randomUUID());
      const config = await configs.byDomainName(request.domainName);
      if (!config?.extensions.get(request.extension)?.enabled) {
        throw new EngineCommandError('not-found', 'extensionNotFound');
      }
      const { domainName, extension } = request;
      const hasPhone =
        (await signedInWith('sip', domainName, extension)) ||
        (await signedInWith('verto', domainName, extension));
      if (!hasPhone) {
        throw new EngineCommandError('conflict', 'extensionOffline');
      }
      // Accepted once FreeSWITCH takes the job: the phone then rings for up to 20 seconds.
      await client.command({ type: 'bgapi', command });
    },

    async hangup(domainName, channelUuid) {
      channelOf(domainName, channelUuid);
      await onChannel(hangupCommand(channelUuid));
    },

    /**
     * As in the sandbox, a park slot (park+59NN, or a bare 59NN, which dialled would retrieve) parks
     * the far end, and a taken slot refuses the transfer and changes nothing.
     */
    async transfer(domainName, channelUuid, dest) {
      const channel = channelOf(domainName, channelUuid);
      transferCommand(channelUuid, dest, domainName);
      const config = await configs.byDomainName(domainName);
      const plan = config
        ? finalPlan(
            route(config, {
              dialled: dest,
              caller: callStateEntry(channel).extension,
              instant: now(),
              context: 'internal',
            }),
          )
        : null;
      let target = dest;
      if (plan?.kind === 'park' || plan?.kind === 'retrieve') {
        if (parks.slots(domainName)[plan.slot - 1]?.occupied) {
          throw new EngineCommandError('conflict', 'parkSlotBusy');
        }
        target = `park+${plan.slotNumber}`;
      }
      await onChannel(transferCommand(channelUuid, target, domainName));
    },

    /**
     * uuid_record on the channel; FreeSWITCH writes into the shared storage (FS_RECORDINGS_PATH). The
     * call's id is the a-leg's uuid (call_uuid), as the leg's mod_json_cdr post will name it.
     */
    async recordCall({ domainName, channelUuid, action, file }) {
      const channel = channelOf(domainName, channelUuid);
      const command = recordCommand(channelUuid, action, join(deps.settings.recordingsPath, file));
      try {
        await client.api(command);
      } catch (error) {
        if (!(error instanceof EslError)) throw error;
        if (/Cannot locate session/i.test(error.reply ?? '')) throw noChannel();
        if (/Cannot stop record session/i.test(error.reply ?? '')) {
          throw new EngineCommandError('conflict', 'callRecordingNotRunning');
        }
        throw error;
      }
      return { callId: channel.call_uuid || channel.uuid };
    },

    /**
     * mod_sofia forgets the desk phones' registrations (its sofia::expire events then sign them out
     * here). mod_verto 1.11.1 has no command that ends a logged-in browser's session: a browser stays
     * until it disconnects, and its next login is checked against the new password.
     */
    async dropRegistrations(tenantUuid, extension) {
      const config = await configs.byTenant(tenantUuid);
      // A disabled tenant has no snapshot; its phones are flushed all the same.
      const domainName = config?.domainName ?? (await findTenantName(deps.db, tenantUuid));
      if (!domainName) return;
      const command = flushRegistrationsCommand(domainName, extension);
      const reply = (await client.api(command)).trim();
      // An unknown profile is answered without -ERR ("Invalid Profile [internal]").
      if (!reply.startsWith('+OK')) throw new Error(`${command}: ${reply}`);
    },

    async receiveCdr(body, contentType) {
      const record = await callRecordOf(body, contentType, configs, {
        recordingsPath: deps.settings.recordingsPath,
      });
      if (record) events.emit('cdr', record);
    },

    close() {
      // Stopping on purpose is no lost connection to report.
      quiet = true;
      return client.stop();
    },
  };
}

/** FreeSWITCH no longer has the API command (its module is unloaded): '-ERR <command> Command not found!'. */
function isCommandGone(error: unknown): error is EslError {
  return error instanceof EslError && /^-ERR \S+ Command not found/.test(error.reply ?? '');
}

/**
 * A bare socket failure (ECONNREFUSED when FreeSWITCH is down) said as the Event Socket's: the server's
 * log would otherwise read the errno as the database being away.
 */
function asEslFailure(reason: Error, esl: { host: string; port: number }): Error {
  if (reason instanceof EslError || !('code' in reason)) return reason;
  return new EslError(
    'not-connected',
    `FreeSWITCH の Event Socket (${esl.host}:${esl.port}) に接続できません: ${reason.message}`,
  );
}
