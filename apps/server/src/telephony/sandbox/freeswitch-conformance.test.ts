/**
 * The sandbox's verto frames against FreeSWITCH 1.11.1's, recorded (fixtures/freeswitch/verto): for
 * the same scenario, each frame the sandbox sends must have the recorded frame's shape — the same
 * keys with the same types, the same method, the same fixed values (messages, causes and their
 * codes), request ids counted from 1 on the connection, the same order, and SDP made only of the
 * line kinds FreeSWITCH sends (no BUNDLE group, no a=mid). So the tests meet what production sends.
 */
import { loadRecordedVertoSession } from '@tsunagu/contract/verto/testing/recorded-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREESWITCH_SDP_LINE_KINDS, sdpLineKinds } from './freeswitch-sdp';
import { startSandbox, type SandboxKit, type ScriptedPhone } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

type Json = Record<string, unknown>;

const fs1001 = loadRecordedVertoSession('verto-1001');
const fsWebrtc = loadRecordedVertoSession('verto-1002-webrtc');
/** The console's own softphone (山田, 1001) on the loopback trial. */
const fsTrial = loadRecordedVertoSession('trial-1001');

/** A recorded frame from FreeSWITCH (the nth that matches). */
function recorded(session: typeof fs1001, match: (frame: Json) => boolean, nth = 0): Json {
  const found = session.filter((f) => f.dir === 'in' && match(f.message))[nth];
  if (!found) throw new Error('no such recorded frame');
  return found.message;
}
const method = (name: string) => (f: Json) => f.method === name;
const resultWith = (key: string, value?: unknown) => (f: Json) => {
  const result = f.result as Json | undefined;
  return result !== undefined && key in result && (value === undefined || result[key] === value);
};

/** Keys FreeSWITCH sends that the sandbox leaves out: the channel's variables dump on verto.invite. */
const FREESWITCH_ONLY = new Set(['params.variables']);

/** The shape of a value: the type of every leaf, keyed as the value is; SDP as its line kinds. */
function shape(value: unknown, path = ''): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0], `${path}[]`)];
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Json)
      .filter(([key]) => !FREESWITCH_ONLY.has(path ? `${path}.${key}` : key))
      .map(([key, inner]) => [key, shape(inner, path ? `${path}.${key}` : key)] as const);
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  }
  return value === null ? 'null' : typeof value;
}

/** The sandbox frame has FreeSWITCH's shape, and the same values where FreeSWITCH's are fixed. */
function expectLikeFreeSwitch(sandbox: Json | undefined, freeswitch: Json, fixed: string[] = []): void {
  expect(sandbox).toBeDefined();
  expect(shape(sandbox)).toEqual(shape(freeswitch));
  for (const path of ['method', ...fixed]) expect(pick(sandbox, path), path).toEqual(pick(freeswitch, path));
  const sdp = pick(sandbox, 'params.sdp');
  if (typeof sdp === 'string') expectFreeSwitchSdp(sdp);
}

function pick(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Json | undefined)?.[key], value);
}

/** Every line kind of the SDP is one FreeSWITCH was recorded sending; no BUNDLE, no mid. */
function expectFreeSwitchSdp(sdp: string): void {
  expect(sdpLineKinds(sdp).filter((kind) => !FREESWITCH_SDP_LINE_KINDS.has(kind))).toEqual([]);
  expect(sdp).not.toMatch(/a=group:BUNDLE|a=mid:/);
}

/** A browser's offer as recorded on the wire to FreeSWITCH (BUNDLE, a=mid, extmap-allow-mixed). */
const BROWSER_OFFER = String(
  (fsWebrtc.find((f) => f.dir === 'out' && f.message.method === 'verto.invite')?.message.params as Json).sdp,
);
/** Chrome's answer to a bundled offer, as Chrome writes it. */
const BROWSER_ANSWER = [
  'v=0',
  'o=- 4815162342 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 0',
  'c=IN IP4 0.0.0.0',
  'a=rtcp:9 IN IP4 0.0.0.0',
  'a=candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host generation 0',
  'a=ice-ufrag:abcd',
  'a=ice-pwd:abcdefghijklmnopqrstuvwx',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00',
  'a=setup:active',
  'a=mid:0',
  'a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level',
  'a=sendrecv',
  'a=msid:- 5d6b4a27-1d2f-4a8e-9a3b-2f9c0e1d2a3b',
  'a=rtcp-mux',
  'a=rtpmap:111 opus/48000/2',
  'a=rtcp-fb:111 transport-cc',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:0 PCMU/8000',
  'a=ssrc:1234 cname:abcd',
  '',
].join('\r\n');

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

/** The server requests of a connection, in order. */
const requestsOf = (phone: ScriptedPhone) => phone.received.filter((f) => typeof f.method === 'string');

describe('the sandbox speaks verto as FreeSWITCH 1.11.1 does', () => {
  it('the recording itself: FreeSWITCH numbers its requests on a connection 1, 2, 3, …', () => {
    const ids = fs1001.filter((f) => f.dir === 'in' && 'method' in f.message).map((f) => f.message.id);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
  });

  it('sign-in: the wrong password, the login result, clientReady as request 1, refused methods', async () => {
    const phone = await kit.phone('1003');
    expectLikeFreeSwitch(requestsOf(phone)[0], recorded(fs1001, method('verto.clientReady')), ['id']);
    const login = phone.received.find((f) => (f.result as Json | undefined)?.message === 'logged in');
    expectLikeFreeSwitch(login, recorded(fs1001, resultWith('message', 'logged in')), ['result.message']);
    const wrong = await phone.loginWith('wrong-password', `1002@${RECORDED_DOMAIN}`);
    expectLikeFreeSwitch(
      wrong,
      recorded(fs1001, (f) => (f.error as Json | undefined)?.code === -32001),
      ['error'],
    );
    const jsapi = await phone.call('jsapi', { command: 'fsapi', data: { cmd: 'status', arg: '' } });
    expectLikeFreeSwitch(
      jsapi,
      recorded(fs1001, (f) => (f.error as Json | undefined)?.code === -32601),
      ['error'],
    );
    const noSdp = await phone.call('verto.invite', {
      dialogParams: { callID: 'no-sdp-call', destination_number: '1001' },
      sessid: phone.sessid,
    });
    expectLikeFreeSwitch(
      noSdp,
      recorded(fs1001, (f) => (f.error as Json | undefined)?.code === -32002),
      ['error.code', 'error.cause', 'error.causeCode'],
    );
    phone.close();
  });

  it('a browser call: invite with a FreeSWITCH-shaped offer, the answer, the hang-up, in the recorded order', async () => {
    const [caller, callee] = await Promise.all([kit.phone('1002'), kit.phone('1001')]);
    const callID = await caller.dial('1001', BROWSER_OFFER);
    const created = caller.received.find((f) => (f.result as Json | undefined)?.callID === callID);
    expectLikeFreeSwitch(created, recorded(fs1001, resultWith('message', 'CALL CREATED')), [
      'result.message',
    ]);

    const invite = await callee.next('verto.invite');
    const inviteFrame = callee.received.find((f) => f.id === invite.id && f.method === 'verto.invite');
    expectLikeFreeSwitch(inviteFrame, recorded(fs1001, method('verto.invite'), 1), [
      'params.display_direction',
    ]);
    const rung = String(invite.params.callID);

    const answered = await callee.answer(rung, BROWSER_ANSWER);
    expectLikeFreeSwitch(
      answered,
      recorded(fs1001, (f) => f.id === 6 && 'result' in f),
    );
    await caller.next('verto.answer', callID);
    const answerFrame = caller.received.find((f) => f.method === 'verto.answer');
    expectLikeFreeSwitch(answerFrame, recorded(fsWebrtc, method('verto.answer')));
    // As recorded: the invite's result first, then verto.answer.
    expect(caller.received.indexOf(created as Json)).toBeLessThan(
      caller.received.indexOf(answerFrame as Json),
    );
    // Both sides are told who the other is, with both parties, as recorded on the trial.
    const display = (phone: ScriptedPhone, id: string) =>
      phone.received.find((f) => f.method === 'verto.display' && (f.params as Json).callID === id);
    const trialDisplay = (direction: string) =>
      recorded(
        fsTrial,
        (f) => f.method === 'verto.display' && (f.params as Json).display_direction === direction,
      );
    await caller.next('verto.display', callID);
    expectLikeFreeSwitch(display(caller, callID), trialDisplay('inbound'), ['params.display_direction']);
    expect(display(caller, callID)?.params).toMatchObject({
      display_number: '1001',
      caller_id_number: '1002',
      callee_id_number: '1001',
    });
    await callee.next('verto.display', rung);
    expectLikeFreeSwitch(display(callee, rung), trialDisplay('outbound'), ['params.display_direction']);
    expect(display(callee, rung)?.params).toMatchObject({
      display_number: '1002',
      caller_id_number: '1002',
      callee_id_number: '1001',
    });

    const held = await caller.modify(callID, 'hold');
    expectLikeFreeSwitch(held, recorded(fs1001, resultWith('holdState', 'held')), ['result.holdState']);
    const dtmf = await caller.dtmf(callID, '5');
    expectLikeFreeSwitch(dtmf, recorded(fs1001, resultWith('message', 'SENT')), ['result.message']);

    const ended = await callee.bye(rung);
    expectLikeFreeSwitch(ended, recorded(fs1001, resultWith('message', 'CALL ENDED')), [
      'result.message',
      'result.cause',
      'result.causeCode',
    ]);
    await caller.next('verto.bye', callID);
    const bye = caller.received.find((f) => f.method === 'verto.bye');
    expectLikeFreeSwitch(
      bye,
      recorded(fs1001, (f) => f.method === 'verto.bye' && (f.params as Json).cause === 'NORMAL_CLEARING'),
      ['params.cause', 'params.causeCode'],
    );

    for (const phone of [caller, callee]) {
      const ids = requestsOf(phone).map((f) => f.id);
      expect(ids).toEqual(ids.map((_, i) => i + 1));
      phone.close();
    }
  });

  it('a number that goes nowhere: the call is created, then ended by verto.bye, as recorded', async () => {
    const caller = await kit.phone('1002');
    const callID = await caller.dial('0000', BROWSER_OFFER);
    await caller.next('verto.bye', callID);
    const created = caller.received.findIndex((f) => (f.result as Json | undefined)?.callID === callID);
    const bye = caller.received.findIndex((f) => f.method === 'verto.bye');
    expect(created).toBeLessThan(bye);
    // The cause is our dialplan's (UNALLOCATED_NUMBER, as the FreeSWITCH dialplan we generate hangs up
    // with); the recording's NO_ROUTE_DESTINATION came from a dialplan that had no answer at all.
    expectLikeFreeSwitch(
      caller.received[bye],
      recorded(
        fs1001,
        (f) => f.method === 'verto.bye' && (f.params as Json).cause === 'NO_ROUTE_DESTINATION',
      ),
    );
    caller.close();
  });

  it('a fork lost to another member ends with LOSE_RACE 702, as recorded', async () => {
    const [caller, yamada, suzuki] = await Promise.all([
      kit.phone('1000'),
      kit.phone('1001'),
      kit.phone('1002'),
    ]);
    const callID = await caller.dial('300', BROWSER_OFFER);
    const [atYamada, atSuzuki] = await Promise.all([
      yamada.next('verto.invite'),
      suzuki.next('verto.invite'),
    ]);
    await suzuki.answer(String(atSuzuki.params.callID), BROWSER_ANSWER);
    await yamada.next('verto.bye', String(atYamada.params.callID));
    expectLikeFreeSwitch(
      yamada.received.find((f) => f.method === 'verto.bye'),
      recorded(fs1001, (f) => f.method === 'verto.bye' && (f.params as Json).cause === 'LOSE_RACE'),
      ['params.cause', 'params.causeCode'],
    );
    await caller.bye(callID);
    for (const phone of [caller, yamada, suzuki]) phone.close();
  });
});
