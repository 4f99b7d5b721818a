/**
 * One browser's verto connection: the messages of mod_verto (login, verto.invite / answer / bye /
 * modify / info / attach, the server's invite, answer, bye, display, attach and clientReady), with
 * the results FreeSWITCH sends, plus the sandbox's two additions (sandbox.offer, sandbox.audio).
 * The session is also the Device its legs live on.
 */
import {
  parseVertoClientRequest,
  SANDBOX_AUDIO_CHANNEL,
  SANDBOX_RECORD_CHANNEL,
  SANDBOX_VOICEMAIL_METHOD,
  sandboxVoicemailParamsSchema,
  type SandboxRecord,
  VOICEMAIL_MAX_MESSAGE_SECONDS,
  VOICEMAIL_SAMPLE_RATE,
  SANDBOX_OFFER_METHOD,
  sandboxOfferResultSchema,
  vertoClientRequestSchemas,
  vertoResultMessages,
  type SandboxAudio,
  type VertoClientParams,
  type VertoRequestFrame,
} from '@tsunagu/contract';
import type { WebSocket } from 'ws';
import type { CallEnv } from './call-env';
import { dtmf, hold, joinFarEnds, transfer } from './call-control';
import { dial } from './call-flow';
import { causeCode, clientCause } from './causes';
import { asFreeSwitchSdp } from './freeswitch-sdp';
import { newLeg, type Device, type Leg, type Party } from './leg';
import type { TenantLine } from './switchboard';
import { createVertoPeer, refuse, type VertoHandled, type VertoPeer } from './verto-rpc';
import { maxMessageBytes } from './voicemail-message';

/** Who logged in: an extension's softphone, or a caller page acting as an outside phone. */
export type VertoIdentity =
  | { kind: 'extension'; login: string; line: TenantLine; extension: string; party: Party }
  | { kind: 'caller'; login: string; line: TenantLine; party: Party };

export interface VertoEndpointDeps {
  env: CallEnv;
  /** Checks a login; null refuses it (-32001). */
  authenticate(login: string, passwd: string): Promise<VertoIdentity | null>;
  /**
   * Live sessions by sessid, each bound to the login that made it: logging in again as that login
   * with its sessid punts the other socket; any other login is refused that sessid.
   */
  sessions: Map<string, VertoSessionHolder>;
}

/** The socket holding a sessid, and the login it belongs to. */
export interface VertoSessionHolder {
  readonly login: string;
  punt(): void;
  /** Closes the socket without a word (its login is no longer valid): its calls end as on any drop. */
  drop(): void;
}

/** A call id a client may choose: what verto.js makes (a UUID) and then some. */
const CALL_ID = /^[\w.@:+-]{1,80}$/;

/** Serves one WebSocket until it closes. */
export function serveVerto(socket: WebSocket, deps: VertoEndpointDeps): void {
  const { env } = deps;
  const { board } = env;
  const legs = new Map<string, Leg>();
  const attaching = new Map<string, (sdp: string | null) => void>();
  let identity: VertoIdentity | null = null;
  let sessid = '';

  const device: Device = {
    get kind() {
      return identity?.kind === 'caller' ? 'caller-page' : 'browser';
    },
    media: true,
    ring(leg, offer, from) {
      if (peer.closed)
        return void queueMicrotask(() => board.end(leg, 'USER_NOT_REGISTERED', { fromDevice: true }));
      legs.set(leg.uuid, leg);
      peer.notify('verto.invite', {
        callID: leg.uuid,
        sdp: asFreeSwitchSdp(offer),
        caller_id_name: from.name,
        caller_id_number: from.number,
        callee_id_name: leg.self.name,
        callee_id_number: leg.self.number,
        display_direction: 'outbound',
      });
    },
    answered(leg, sdp) {
      peer.notify(
        'verto.answer',
        sdp === null ? { callID: leg.uuid } : { callID: leg.uuid, sdp: asFreeSwitchSdp(sdp) },
      );
    },
    bye(callID, cause) {
      legs.delete(callID);
      attaching.get(callID)?.(null);
      peer.notify('verto.bye', { callID, causeCode: causeCode(cause), cause });
    },
    attach(callID, offer, from, variables) {
      if (peer.closed) return Promise.resolve(null);
      return new Promise((resolve) => {
        const cancel = env.schedule(() => settle(null), env.timings.requestTimeoutMs);
        const settle = (sdp: string | null) => {
          cancel();
          attaching.delete(callID);
          resolve(sdp);
        };
        attaching.get(callID)?.(null);
        attaching.set(callID, settle);
        const self = legs.get(callID)?.self ?? identity?.party;
        peer.notify('verto.attach', {
          callID,
          sdp: asFreeSwitchSdp(offer),
          caller_id_name: from.name,
          caller_id_number: from.number,
          callee_id_name: self?.name ?? '',
          callee_id_number: self?.number ?? '',
          display_direction: 'outbound',
          ...(variables ? { variables } : {}),
        });
      });
    },
    async offer(callID) {
      const reply = await peer.ask(SANDBOX_OFFER_METHOD, { callID });
      const result =
        reply && 'result' in reply ? sandboxOfferResultSchema.safeParse(reply.result) : undefined;
      return result?.success ? result.data.sdp : null;
    },
    display(callID, party) {
      // As FreeSWITCH 1.11.1 sends it (trial recording): the far end, then both parties of the call;
      // 'inbound' when this leg placed the call.
      const leg = legs.get(callID);
      const self = leg?.self ?? identity?.party ?? { name: '', number: '' };
      const placed = leg?.direction === 'inbound';
      const [caller, callee] = placed ? [self, party] : [party, self];
      peer.notify('verto.display', {
        callID,
        display_name: party.name,
        display_number: party.number,
        caller_id_name: caller.name,
        caller_id_number: caller.number,
        callee_id_name: callee.name,
        callee_id_number: callee.number,
        display_direction: placed ? 'inbound' : 'outbound',
      });
    },
    audio(callID, playback) {
      const data: SandboxAudio = playback
        ? { action: 'play', callID, ...playback }
        : { action: 'stop', callID };
      peer.notify('verto.event', { eventChannel: SANDBOX_AUDIO_CHANNEL, data });
    },
    record(callID, maxSeconds) {
      const data: SandboxRecord = { callID, maxSeconds, sampleRate: VOICEMAIL_SAMPLE_RATE };
      peer.notify('verto.event', { eventChannel: SANDBOX_RECORD_CHANNEL, data });
    },
  };

  /** A piece of the message this page records for a voicemail box; refused for any call not recording. */
  function voicemailPiece(frame: VertoRequestFrame): VertoHandled {
    const parsed = sandboxVoicemailParamsSchema.safeParse(frame.params);
    if (!parsed.success) throw refuse.invalidParams();
    const recording = legs.get(parsed.data.callID)?.recording;
    if (!recording) throw refuse.invalidParams();
    const piece = Buffer.from(parsed.data.pcm, 'base64');
    // What comes past the longest message is dropped: the flow ends the call at that moment anyway.
    const kept = piece.subarray(
      0,
      Math.max(0, maxMessageBytes(VOICEMAIL_MAX_MESSAGE_SECONDS) - recording.bytes),
    );
    if (kept.length > 0) {
      recording.pieces.push(kept);
      recording.bytes += kept.length;
    }
    return { result: { method: SANDBOX_VOICEMAIL_METHOD } };
  }

  const session: VertoSessionHolder = {
    get login() {
      return identity?.login ?? '';
    },
    punt() {
      peer.notify('verto.punt', {});
      peer.close(1000);
    },
    drop() {
      peer.close(1000);
    },
  };

  const peer: VertoPeer = createVertoPeer(socket, {
    schedule: env.schedule,
    timeoutMs: env.timings.requestTimeoutMs,
    heartbeatMs: env.timings.heartbeatMs,
    onError: env.onError,
    onRequest: handle,
    onClose() {
      for (const settle of [...attaching.values()]) settle(null);
      if (deps.sessions.get(sessid) === session) deps.sessions.delete(sessid);
      if (!identity) return;
      const { line } = identity;
      // A dropped socket ends its calls: their far ends hear verto.bye and every leg gets its record.
      for (const leg of [...legs.values()]) board.end(leg, 'NORMAL_CLEARING', { fromDevice: true });
      legs.clear();
      for (const monitor of [...line.taps.values()]) {
        if (monitor.monitoring?.tap?.device === device) board.end(monitor, 'NORMAL_CLEARING');
      }
      if (identity.kind === 'extension') board.unregister(line, identity.extension, device);
      else removeCallerPage(line, identity.party.number);
    },
  });

  async function handle(frame: VertoRequestFrame): Promise<VertoHandled> {
    if (frame.method === 'login') return login(frame);
    if (!identity) throw refuse.authRequired();
    // As recorded for a stock user: FreeSWITCH's API and echo are not offered.
    if (frame.method === 'jsapi' || frame.method === 'echo') throw refuse.methodNotFound();
    if (frame.method === SANDBOX_VOICEMAIL_METHOD) return voicemailPiece(frame);
    if (!Object.hasOwn(vertoClientRequestSchemas, frame.method)) throw refuse.methodNotFound();
    const request = parseVertoClientRequest(frame);
    if (!request) throw refuse.invalidParams();
    switch (request.method) {
      case 'verto.invite':
        return invite(identity, request.params);
      case 'verto.answer':
        return answer(request.params);
      case 'verto.attach':
        return attached(request.params);
      case 'verto.bye':
        return bye(request.params);
      case 'verto.modify':
        return modify(request.params);
      case 'verto.info':
        return info(request.params);
      case 'verto.subscribe': {
        const channels = [request.params.eventChannel].flat();
        return { result: { subscribedChannels: channels, sessid } };
      }
      default:
        throw refuse.methodNotFound();
    }
  }

  async function login(frame: VertoRequestFrame): Promise<VertoHandled> {
    const { login, passwd, sessid: requested } = frame.params;
    if (
      typeof login !== 'string' ||
      typeof passwd !== 'string' ||
      typeof requested !== 'string' ||
      !requested
    ) {
      throw refuse.authRequired();
    }
    const who = await deps.authenticate(login, passwd).catch((error: unknown) => {
      env.onError(error);
      return null;
    });
    if (peer.closed) throw refuse.authFailed();
    // Logging in again on a live socket is fine as the same user, never as someone else.
    if (!who || (identity && identity.login !== who.login)) throw refuse.authFailed();
    // Another login's sessid can neither be taken over nor used to disconnect its owner.
    const holder = deps.sessions.get(requested);
    if (holder && holder !== session && holder.login !== who.login) throw refuse.authFailed();
    if (!identity) {
      identity = who;
      if (who.kind === 'extension') board.register(who.line, who.extension, device);
      else addCallerPage(who.line, who.party.number);
    }
    if (sessid !== requested) {
      if (deps.sessions.get(sessid) === session) deps.sessions.delete(sessid);
      deps.sessions.get(requested)?.punt();
      sessid = requested;
      deps.sessions.set(sessid, session);
    }
    return {
      result: { message: vertoResultMessages.loggedIn, sessid },
      // Nothing is re-attached: a dropped socket already ended its calls.
      after: () => peer.notify('verto.clientReady', { reattached_sessions: [] }),
    };
  }

  function invite(who: VertoIdentity, params: VertoClientParams['verto.invite']): VertoHandled {
    // mod_verto's own answer to an invite that carries no SDP.
    if (!params.sdp) {
      throw refuse.call('CALL ERROR', {
        cause: 'INVALID_MSG_UNSPECIFIED',
        causeCode: causeCode('INVALID_MSG_UNSPECIFIED'),
      });
    }
    const { callID, destination_number: destination = '', caller_id_name: name } = params.dialogParams;
    if (!CALL_ID.test(callID) || legs.has(callID) || who.line.legs.has(callID))
      throw refuse.call('CALL ERROR');
    // An extension calls as the directory says it is; a caller page as the name it gives.
    const self = who.kind === 'extension' ? who.party : { name: name ?? '', number: who.party.number };
    const leg = newLeg({
      uuid: callID,
      originating: true,
      domainName: who.line.domainName,
      device,
      call: { id: callID, direction: who.kind === 'caller' ? 'inbound' : 'local', deskPhoneAnswerMs: null },
      direction: 'inbound',
      extension: who.kind === 'extension' ? who.extension : null,
      destinationNumber: destination,
      startedAt: board.now(),
      self,
      caller: self,
      callee: { name: '', number: destination },
      dest: destination,
      offer: params.sdp,
    });
    legs.set(callID, leg);
    board.addLeg(leg);
    return {
      result: { message: vertoResultMessages.callCreated, callID, sessid },
      // As recorded, the call is created before it is routed: an unroutable number ends in verto.bye.
      after: () =>
        void dial(env, leg, destination, who.kind === 'caller' ? 'public' : 'internal').catch(failed(leg)),
    };
  }

  function answer(params: VertoClientParams['verto.answer']): VertoHandled {
    const leg = callOf(params.dialogParams.callID);
    if (!leg.fork) throw refuse.call('CALL DOES NOT EXIST');
    leg.fork.answered(leg, params.sdp);
    return { result: { sessid } };
  }

  function attached(params: VertoClientParams['verto.attach']): VertoHandled {
    const settle = attaching.get(params.dialogParams.callID);
    if (!settle) throw refuse.call('CALL DOES NOT EXIST');
    settle(params.sdp);
    return { result: { sessid } };
  }

  function bye(params: VertoClientParams['verto.bye']): VertoHandled {
    const { callID } = params.dialogParams;
    const cause = clientCause(params.cause);
    const result = {
      callID,
      message: vertoResultMessages.callEnded,
      causeCode: causeCode(cause),
      cause,
      sessid,
    };
    const leg = legs.get(callID);
    if (leg) {
      legs.delete(callID);
      board.end(leg, cause, { fromDevice: true });
      return { result };
    }
    // The listen-in call on a monitored browser, hung up there.
    const monitor = identity?.line.taps.get(callID);
    if (monitor?.monitoring?.tap?.device !== device) throw refuse.call('CALL DOES NOT EXIST');
    identity?.line.taps.delete(callID);
    if (monitor.monitoring.tap) monitor.monitoring.tap = null;
    board.end(monitor, 'NORMAL_CLEARING');
    return { result };
  }

  async function modify(params: VertoClientParams['verto.modify']): Promise<VertoHandled> {
    const { callID } = params.dialogParams;
    const leg = callOf(callID);
    const { action } = params;
    if (action === 'transfer') {
      // An outside phone cannot transfer anyone: it would send the tenant's own party anywhere.
      if (identity?.kind === 'caller') throw refuse.call('CALL ERROR', { callID, action });
      const partner = leg.peer;
      if (!partner) throw refuse.call('call is not bridged', { callID, action });
      const refused = await transfer(env, partner, params.destination);
      if (refused)
        throw refuse.call(refused === 'slot-busy' ? 'CALL ERROR' : 'call is not bridged', { callID, action });
      return {
        result: { callID, action, message: vertoResultMessages.callTransferred, holdState: 'active', sessid },
        // The transferring side's bridge is gone: it hangs up, after the reply, as mod_verto does.
        after: () => board.end(leg, 'NORMAL_CLEARING'),
      };
    }
    if (action === 'replace') return replace(leg, params.replaceCallID);
    const holdState = hold(env, leg, action);
    if (!holdState) throw refuse.call('CALL ERROR', { callID, action });
    return { result: { callID, action, holdState, sessid } };
  }

  /**
   * Attended transfer: the far end of this call and that of `replaceCallID` (another call of this
   * phone) talk to each other; this phone's two legs then end, as on FreeSWITCH (the replaced leg with
   * ATTENDED_TRANSFER). mod_verto's refusals: an unknown leg, or legs that are not both bridged.
   */
  function replace(leg: Leg, replaceCallID: string): VertoHandled {
    const { uuid: callID } = leg;
    const action = 'replace';
    if (identity?.kind === 'caller') throw refuse.call('CALL ERROR', { callID, action });
    const other = legs.get(replaceCallID);
    if (!other || other === leg || other.ended) throw refuse.call('invalid transfer leg', { callID, action });
    // The held call's far end offers (its page made its offer ahead), whichever call the phone replaces.
    const [held, consult] = other.state === 'HELD' && leg.state !== 'HELD' ? [other, leg] : [leg, other];
    if (joinFarEnds(env, held, consult)) throw refuse.call('transfer failed', { callID, action });
    return {
      result: { callID, action, holdState: leg.state === 'HELD' ? 'held' : 'active', sessid },
      after: () => {
        board.end(other, 'ATTENDED_TRANSFER');
        board.end(leg, 'NORMAL_CLEARING');
      },
    };
  }

  function info(params: VertoClientParams['verto.info']): VertoHandled {
    const leg = callOf(params.dialogParams.callID);
    if (!params.dtmf) throw refuse.invalidParams();
    dtmf(leg, params.dtmf);
    return { result: { message: vertoResultMessages.sent, sessid } };
  }

  function callOf(callID: string): Leg {
    const leg = legs.get(callID);
    if (!leg || leg.ended) throw refuse.call('CALL DOES NOT EXIST');
    return leg;
  }

  function failed(leg: Leg) {
    return (error: unknown) => {
      env.onError(error);
      board.end(leg, 'NORMAL_CLEARING');
    };
  }

  function addCallerPage(line: TenantLine, number: string): void {
    let pages = line.callerPages.get(number);
    if (!pages) line.callerPages.set(number, (pages = new Set()));
    pages.add(device);
  }

  function removeCallerPage(line: TenantLine, number: string): void {
    const pages = line.callerPages.get(number);
    if (pages?.delete(device) && pages.size === 0) line.callerPages.delete(number);
  }
}
