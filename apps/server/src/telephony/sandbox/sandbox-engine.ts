/**
 * The built-in exchange (TELEPHONY unset): a verto-compatible endpoint for browser softphones and
 * caller pages, simulated desk phones and outside parties, and the TelephonyEngine the server uses.
 */
import { randomUUID } from 'node:crypto';
import {
  ANONYMOUS,
  can,
  CLICK_TO_CALL_NAME,
  SANDBOX_CALLER_PREFIX,
  type MenuSubject,
} from '@tsunagu/contract';
import { type Reason, type RefusalKind } from '@tsunagu/contract/refusal';
import type { WebSocket } from 'ws';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import { sameText } from '../../platform/crypto/same-text';
import type { SecretBox } from '../../platform/crypto/secrets';
import type { Db } from '../../platform/db/client';
import { createTenantConfigs, findExtensionLogin, findTenantName, type TenantConfigs } from '../config';
import { callRecordingFile, EngineCommandError, type TelephonyEngine } from '../engine';
import { callStateEntry, parkSlots } from './channel-views';
import type { CallEnv } from './call-env';
import { transfer } from './call-control';
import { dial } from './call-flow';
import { createEngineEmitter } from './engine-events';
import { CallFlow } from './flow';
import { newLeg, type CallInfo, type Leg } from './leg';
import { createSandboxRecorder, type RecorderRefusal } from './recorder';
import { ring } from './ringing';
import { createSimulatedDeskPhones } from './simulated-desk-phones';
import {
  createDeskPhone,
  createOutsideParty,
  createSimulatedCaller,
  deskPhoneHandle,
  type DeskPhone,
} from './simulated-phones';
import { createSwitchboard } from './switchboard';
import { DEFAULT_TIMINGS, realSchedule, type SandboxTimings, type Schedule } from './timers';
import { createVertoSignIn, type VertoLoginCheck } from './verto-sign-in';
import { serveVerto, type VertoIdentity, type VertoSessionHolder } from './verto-session';

/** Who a console session token belongs to (the server's authenticator, reduced). */
export interface TokenOwner extends MenuSubject {
  domainName: string;
}

export interface SandboxEngineOptions {
  db: Db;
  /** Opens the extensions' sealed passwords to check verto logins. */
  secrets: SecretBox;
  /** Resolves a console session token; caller pages log in with one. Without it they are refused. */
  authenticateToken?: (token: string) => Promise<TokenOwner | null>;
  /** The console's sign-in throttle, applied to verto logins too; none: not throttled. */
  throttle?: LoginThrottle;
  /** Shared with whoever else reads routing snapshots; one of its own otherwise. */
  configs?: TenantConfigs;
  now?: () => Date;
  schedule?: Schedule;
  random?: () => number;
  timings?: Partial<SandboxTimings>;
  onError?: (error: unknown) => void;
  /** The recordings storage (DATA_DIR/recordings) call recordings are written into; none: no recording. */
  recordingsDir?: string;
}

/** A simulated call from outside to one of the tenant's incoming numbers (no media). */
export interface SimulatedIncomingCall {
  domainName: string;
  /** The caller's number, as the tenant sees it. */
  from: string;
  /** The incoming number dialled. */
  to: string;
  /** Desk phones this call rings answer on their own after so many seconds. */
  answerAfter?: number;
  /** The caller hangs up so many seconds after dialling; it waits for the far end otherwise. */
  hangupAfter?: number;
  /** Digits the caller presses, one per IVR prompt. */
  dtmf?: string;
}

type SandboxFailure =
  | 'unknown-tenant'
  | 'unknown-extension'
  | 'no-phone'
  | 'bad-number'
  | 'no-channel'
  | 'not-bridged'
  | 'slot-busy'
  | RecorderRefusal;

const FAILURE: Record<SandboxFailure, RefusalKind> = {
  'unknown-tenant': 'not-found',
  'unknown-extension': 'not-found',
  'no-channel': 'not-found',
  'bad-number': 'invalid',
  'no-phone': 'conflict',
  'not-bridged': 'conflict',
  'slot-busy': 'conflict',
  unavailable: 'conflict',
  'not-connected': 'conflict',
  running: 'conflict',
  'not-running': 'conflict',
};

const RECORDER_REASONS: Record<RecorderRefusal, Reason> = {
  unavailable: 'callRecordingUnavailable',
  'not-connected': 'callRecordingNotConnected',
  running: 'callRecordingRunning',
  'not-running': 'callRecordingNotRunning',
};

/** A command the sandbox cannot carry out: its own finer `reason`, and the contract's code for the user. */
export class SandboxError extends EngineCommandError {
  override readonly name = 'SandboxError';
  constructor(
    readonly reason: SandboxFailure,
    code: Reason,
  ) {
    super(FAILURE[reason], code);
  }
}

export interface SandboxEngine extends TelephonyEngine {
  readonly kind: 'sandbox';
  /** Serves one verto WebSocket (upgrade requests on /verto) until it closes. */
  acceptVerto(socket: WebSocket, address?: string): void;
  /** Places a simulated outside call to an incoming number; resolves with the caller's channel uuid. */
  simulateIncomingCall(call: SimulatedIncomingCall): Promise<{ callId: string }>;
  /** The simulated desk phone of a 'phone' user's extension. */
  deskPhone(domainName: string, extension: string): Promise<DeskPhone>;
  /** Extensions with a browser softphone signed in now. */
  registrations(domainName: string): { extension: string; kind: 'verto' }[];
}

const DIGITS = /^\+?\d{1,20}$/;
/** A leg id that can name a recording file (browsers choose their calls' ids). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CALLER_PAGE_NUMBER = /^\d{5,20}$/;

export function createSandboxEngine(options: SandboxEngineOptions): SandboxEngine {
  const onError = options.onError ?? ((error: unknown) => console.error('sandbox:', error));
  const events = createEngineEmitter(onError);
  const now = options.now ?? (() => new Date());
  const configs = options.configs ?? createTenantConfigs({ db: options.db });
  const recorder = createSandboxRecorder(options.recordingsDir, now);
  const board = createSwitchboard({
    events,
    now,
    onLegEnd: (leg) => recorder.legEnded(leg),
    // As FreeSWITCH's record_session before the bridge: the calling leg records the whole call.
    onLink: (caller) => {
      if (recorder.recording(caller)) return;
      const linkedAt = now();
      void configs
        .byDomainName(caller.domainName)
        .then((config) => {
          if (config?.callRecordingMode !== 'always' || !UUID.test(caller.uuid)) return;
          recorder.start(caller, callRecordingFile(config.tenantUuid, caller.uuid), linkedAt);
        })
        .catch(onError);
    },
  });
  const sockets = new Set<WebSocket>();
  const deskPhones = createSimulatedDeskPhones(configs, (registration) =>
    events.emit('registration', registration),
  );
  const sessions = new Map<string, VertoSessionHolder>();
  const env: CallEnv = {
    board,
    configs,
    schedule: options.schedule ?? realSchedule,
    timings: { ...DEFAULT_TIMINGS, ...options.timings },
    random: options.random ?? Math.random,
    newId: randomUUID,
    deskPhone(line, extension) {
      let phone = line.deskPhones.get(extension);
      if (!phone) line.deskPhones.set(extension, (phone = createDeskPhone(env)));
      return phone;
    },
    outsideParty: () => createOutsideParty(env),
    onError,
  };

  async function checkLogin(login: string, passwd: string): Promise<VertoLoginCheck> {
    const at = login.lastIndexOf('@');
    const user = login.slice(0, Math.max(at, 0));
    const config = at > 0 ? await configs.byDomainName(login.slice(at + 1)) : null;
    if (!config || !user) return { identity: null, tenantUuid: config?.tenantUuid ?? null };
    const refused = { identity: null, tenantUuid: config.tenantUuid };
    const line = board.line(config.domainName, config.tenantUuid);
    if (user.startsWith(SANDBOX_CALLER_PREFIX)) {
      const number = user.slice(SANDBOX_CALLER_PREFIX.length);
      const owner = CALLER_PAGE_NUMBER.test(number) ? await options.authenticateToken?.(passwd) : null;
      // A tenant administrator of this tenant, or a provider administrator.
      const allowed =
        owner &&
        can(owner, 'sandbox.caller') &&
        (can(owner, 'tenant.manage') || owner.domainName === config.domainName);
      if (!allowed) return refused;
      return {
        identity: { kind: 'caller', login, line, party: { name: '', number } },
        tenantUuid: config.tenantUuid,
      };
    }
    const row = await findExtensionLogin(options.db, config.tenantUuid, user);
    if (!row?.enabled || !sameSecret(options.secrets, row.passwordEnc, passwd)) return refused;
    const name = config.extensions.get(user)?.ring.target.name ?? '';
    const identity: VertoIdentity = {
      kind: 'extension',
      login,
      line,
      extension: user,
      party: { name, number: user },
    };
    return { identity, tenantUuid: config.tenantUuid };
  }
  const signIn = createVertoSignIn({ db: options.db, throttle: options.throttle, check: checkLogin });

  async function lineOf(domainName: string) {
    const config = await configs.byDomainName(domainName);
    if (!config) throw new SandboxError('unknown-tenant', 'tenantUnknown');
    return { config, line: board.line(config.domainName, config.tenantUuid) };
  }

  function channel(domainName: string, uuid: string): Leg {
    const leg = board.find(domainName)?.legs.get(uuid);
    if (!leg) throw new SandboxError('no-channel', 'callNotFound');
    return leg;
  }

  return {
    kind: 'sandbox',
    configChanged(tenantUuid, kind) {
      configs.invalidate(tenantUuid, kind);
      // A user's phone type or an extension changed: simulated desk phones come and go with it.
      if (kind === 'extension') void deskPhones.changed(tenantUuid).catch(onError);
    },
    callState: (domainName) => [...(board.find(domainName)?.legs.values() ?? [])].map(callStateEntry),
    deskPhones: (tenantUuid) => deskPhones.states(tenantUuid),
    async softphones(tenantUuid) {
      const config = await configs.byTenant(tenantUuid);
      return config ? [...(board.find(config.domainName)?.browsers.keys() ?? [])] : [];
    },
    parkSlots: (domainName) =>
      parkSlots(board.find(domainName)?.parked ?? Array.from({ length: 8 }, () => null)),
    registrations: (domainName) =>
      [...(board.find(domainName)?.browsers.keys() ?? [])].map((extension) => ({
        extension,
        kind: 'verto' as const,
      })),
    on: events.on,

    acceptVerto(socket, address = '') {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      const authenticate = (login: string, passwd: string) => signIn(login, passwd, address);
      serveVerto(socket, { env, authenticate, sessions });
    },

    async simulateIncomingCall(call) {
      const { line } = await lineOf(call.domainName);
      // A withheld number arrives as 'Anonymous' (the contract's ANONYMOUS), as from a real line.
      if (!(DIGITS.test(call.from) || call.from === ANONYMOUS) || !DIGITS.test(call.to)) {
        throw new SandboxError('bad-number', 'numberInvalid');
      }
      const seconds = (value: number | undefined) =>
        typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value * 1000 : null;
      const caller = createSimulatedCaller(env, {
        hangupAfterMs: seconds(call.hangupAfter),
        dtmf: (call.dtmf ?? '').replace(/[^0-9*#]/g, ''),
      });
      const self = { name: '', number: call.from };
      const uuid = env.newId();
      const leg = newLeg({
        uuid,
        originating: true,
        domainName: line.domainName,
        device: caller.device,
        call: { id: uuid, direction: 'inbound', deskPhoneAnswerMs: seconds(call.answerAfter) },
        direction: 'inbound',
        extension: null,
        destinationNumber: call.to,
        startedAt: board.now(),
        self,
        caller: self,
        callee: { name: '', number: call.to },
        dest: call.to,
      });
      board.addLeg(leg);
      caller.start(leg);
      dial(env, leg, call.to, 'public').catch((error: unknown) => {
        onError(error);
        board.end(leg, 'NORMAL_CLEARING');
      });
      return { callId: leg.uuid };
    },

    async deskPhone(domainName, extension) {
      const { config, line } = await lineOf(domainName);
      if (config.extensions.get(extension)?.phoneType !== 'phone') {
        throw new SandboxError('no-phone', 'noDeskPhone');
      }
      return deskPhoneHandle(env, line, env.deskPhone(line, extension));
    },

    /**
     * Rings the extension's own phone (the desk phone of a 'phone' user, else its signed-in
     * browsers, which get an offer-less invite); once it answers, `dest` is dialled from it.
     */
    async clickToCall({ domainName, extension, dest }) {
      const { config, line } = await lineOf(domainName);
      const entry = config.extensions.get(extension);
      if (!entry?.enabled) throw new SandboxError('unknown-extension', 'extensionNotFound');
      const devices =
        entry.phoneType === 'phone'
          ? [env.deskPhone(line, extension)]
          : [...(line.browsers.get(extension) ?? [])];
      if (devices.length === 0) throw new SandboxError('no-phone', 'extensionOffline');
      const call: CallInfo = {
        id: env.newId(),
        direction: 'local',
        deskPhoneAnswerMs: env.timings.deskPhoneAnswerMs,
      };
      const party = { name: entry.ring.target.name, number: extension };
      const ringing = ring(env, [{ extension, party, devices, ringMs: env.timings.clickToCallRingMs }], {
        domainName: line.domainName,
        caller: null,
        call,
        from: { name: CLICK_TO_CALL_NAME, number: dest },
        clickToCall: true,
        flow: new CallFlow(),
      });
      void ringing
        .then((result) => {
          const leg = result.answered;
          if (!leg || leg.ended) return;
          // From here the user's phone is the caller: it dials `dest` as if the user had.
          call.deskPhoneAnswerMs = null;
          leg.originating = true;
          leg.caller = leg.self;
          leg.destinationNumber = dest;
          leg.dest = dest;
          return dial(env, leg, dest, 'internal');
        })
        .catch(onError);
    },

    async hangup(domainName, channelUuid) {
      board.end(channel(domainName, channelUuid), 'NORMAL_CLEARING');
    },

    async transfer(domainName, channelUuid, dest) {
      const leg = channel(domainName, channelUuid);
      // The far end moves; a channel on its own (parked, in an IVR) moves itself.
      const mover = leg.peer ?? leg;
      const refused = await transfer(env, mover, dest);
      if (refused === 'slot-busy') throw new SandboxError('slot-busy', 'parkSlotBusy');
      if (refused) throw new SandboxError('not-bridged', 'nothingToTransfer');
      if (mover !== leg) board.end(leg, 'NORMAL_CLEARING');
    },

    async recordCall({ domainName, channelUuid, action, file }) {
      const leg = channel(domainName, channelUuid);
      const refused = action === 'start' ? recorder.start(leg, file) : recorder.stop(leg, file);
      if (refused) throw new SandboxError(refused, RECORDER_REASONS[refused]);
      return { callId: leg.call.id };
    },

    async dropRegistrations(tenantUuid, extension) {
      const config = await configs.byTenant(tenantUuid);
      // A disabled tenant has no snapshot; its softphones are dropped all the same.
      const domainName = config?.domainName ?? (await findTenantName(options.db, tenantUuid));
      if (!domainName) return;
      const login = `${extension}@${domainName}`;
      for (const session of [...sessions.values()]) if (session.login === login) session.drop();
      if (config) deskPhones.reRegister(config.domainName, tenantUuid, extension);
    },

    async close() {
      for (const line of board.lines())
        for (const leg of [...line.legs.values()]) board.end(leg, 'NORMAL_CLEARING');
      for (const socket of sockets) socket.close(1001);
      sockets.clear();
    },
  };
}

/** Compares a sealed password with a given one in constant time; an unreadable seal never matches. */
function sameSecret(secrets: SecretBox, sealed: string, given: string): boolean {
  let stored: string;
  try {
    stored = secrets.open(sealed);
  } catch {
    return false;
  }
  return sameText(stored, given);
}
