// @vitest-environment jsdom
// Real verto frames over a real WebSocket (the `ws` package) to a scripted exchange; WebRTC is faked.
import type { SoftphoneConnection } from '@tsunagu/contract/auth';
import { ApiError } from '@tsunagu/contract/envelope';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { currentCall, emptySession, waitingCalls } from './call-session';
import { Softphone, type SoftphoneNotice, type SoftphoneState } from './softphone';
import { resolveSocketUrl } from './socket-url';
import { fakeMedia, FakeMediaStream } from './testing/fake-media';
import { ScriptedExchange, type Frame } from './testing/verto-server';

let exchange: ScriptedExchange;
const phones: Softphone[] = [];

beforeEach(async () => {
  vi.stubGlobal('MediaStream', FakeMediaStream);
  exchange = await ScriptedExchange.start();
});

afterEach(async () => {
  for (const phone of phones.splice(0)) phone.stop();
  await exchange.close();
});

const CONNECTION = (url: string): SoftphoneConnection => ({
  socketUrl: url,
  user: '1001@demo.tsunagu.local',
  pass: 'ext-secret',
  callerNumber: '1001',
  callerName: '山田 太郎',
});

/** A softphone wired to fakes, with everything it did recorded. */
function createPhone(
  options: { fetchConnection?: () => Promise<SoftphoneConnection>; silent?: boolean } = {},
) {
  const media = fakeMedia();
  const sounds: string[] = [];
  const logs: string[] = [];
  const notices: SoftphoneNotice[] = [];
  const rang: string[] = [];
  let tabOpened = 0;
  let clock = 1_000_000;
  const phone = new Softphone({
    fetchConnection: options.fetchConnection ?? (async () => CONNECTION(exchange.url)),
    location: { protocol: 'http:', host: 'console.example' },
    clientOptions: { WebSocket, keepAliveMs: 0, requestTimeoutMs: 2000, reconnectDelayMs: 20 },
    media: media.env,
    sounds: {
      startRingback: () => sounds.push('ringback'),
      stopRingback: () => sounds.push('stopRingback'),
      startRing: () => sounds.push('ring'),
      stopRing: () => sounds.push('stopRing'),
      busy: () => sounds.push('busy'),
      callWaiting: () => sounds.push('callWaiting'),
      keyTone: (key) => sounds.push(`key ${key}`),
      sandboxAudio: (audio) => sounds.push(`sandbox ${audio.action} ${audio.callID}`),
      stopCallAudio: (callID) => sounds.push(`stopAudio ${callID}`),
      dispose: () => undefined,
    },
    logAction: async (process, success) => void logs.push(`${process} ${success}`),
    openPhoneTab: () => void tabOpened++,
    silentRing: () => options.silent ?? false,
    now: () => clock,
    hangUpDelayMs: 40,
    retryDelayMs: 20,
  });
  phone.onNotice((notice) => notices.push(notice));
  phone.onRinging((call) => rang.push(call.callID));
  phones.push(phone);
  return {
    phone,
    media,
    sounds,
    logs,
    notices,
    rang,
    tabOpened: () => tabOpened,
    advance: (ms: number) => void (clock += ms),
  };
}

/** Resolves once the softphone's state matches. */
function until(phone: Softphone, match: (state: SoftphoneState) => boolean): Promise<SoftphoneState> {
  return vi.waitFor(
    () => {
      if (!match(phone.state)) throw new Error(`softphone state: ${JSON.stringify(phone.state)}`);
      return phone.state;
    },
    { timeout: 3000, interval: 5 },
  );
}

async function connected(options?: Parameters<typeof createPhone>[0]) {
  const kit = createPhone(options);
  kit.phone.start();
  const login = await exchange.acceptLogin();
  await until(kit.phone, (s) => s.status === 'ready');
  return { ...kit, login };
}

const OFFER = 'v=0\r\no=FreeSWITCH 1 2 IN IP4 127.0.0.1\r\nm=audio 20310 RTP/SAVPF 102 0\r\na=sendrecv\r\n';

/** The exchange rings the softphone; returns the invite's callID. */
function ringIn(callID = 'in-1', sdp = OFFER, number = '0312340001', name = '代表#佐藤') {
  exchange.notify('verto.invite', {
    callID,
    sdp,
    caller_id_name: name,
    caller_id_number: number,
    callee_id_name: '山田 太郎',
    callee_id_number: '1001',
    display_direction: 'outbound',
  });
  return callID;
}

/** Dials `number` and has the exchange answer it; returns the callID and the invite frame. */
async function dialAndAnswer(phone: Softphone, number = '1002') {
  void phone.dial(number);
  const invite = await exchange.request('verto.invite');
  const callID = String((invite.params?.dialogParams as Record<string, unknown>).callID);
  exchange.result(invite, { message: 'CALL CREATED', callID, sessid: invite.params?.sessid });
  exchange.notify('verto.answer', {
    callID,
    sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=sendrecv\r\n',
  });
  await until(phone, (s) => currentCall(s.session)?.status === 'active');
  return { callID, invite };
}

const ok = (frame: Frame, extra: Record<string, unknown> = {}) =>
  exchange.result(frame, { sessid: frame.params?.sessid, ...extra });

describe('connection', () => {
  it('places a relative socket URL on this host, and keeps a full one', () => {
    const https = { protocol: 'https:', host: 'pbx.example:8443' };
    expect(resolveSocketUrl('/verto', https)).toBe('wss://pbx.example:8443/verto');
    expect(resolveSocketUrl('/verto', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/verto',
    );
    expect(resolveSocketUrl('wss://fs.example:8082', https)).toBe('wss://fs.example:8082');
  });

  it('logs in with the extension credentials from the connection info', async () => {
    const { login, phone } = await connected();
    expect(login.params).toMatchObject({ login: '1001@demo.tsunagu.local', passwd: 'ext-secret' });
    expect(phone.state.problem).toBeNull();
  });

  it('tries an unreachable exchange again until it answers', async () => {
    let calls = 0;
    const kit = createPhone({
      fetchConnection: async () => {
        calls++;
        if (calls < 3) throw new ApiError(0, 'network');
        return CONNECTION(exchange.url);
      },
    });
    kit.phone.start();
    await until(kit.phone, (s) => s.status === 'unreachable');
    expect(kit.phone.state.problem).toBe('電話サーバーに接続できません。自動的に再接続を試みています。');
    await exchange.acceptLogin();
    await until(kit.phone, (s) => s.status === 'ready');
    expect(calls).toBe(3);
  });

  it('says so when the user has no extension, without retrying', async () => {
    const kit = createPhone({
      fetchConnection: async () => {
        throw new ApiError(404, '内線番号が割り当てられていません。');
      },
    });
    kit.phone.start();
    await until(kit.phone, (s) => s.status === 'ended');
    expect(kit.phone.state.problem).toBe(
      '内線番号が割り当てられていないため、ソフトフォンを使用できません。',
    );
  });

  it('reports a refused login and stops', async () => {
    const kit = createPhone();
    kit.phone.start();
    const login = await exchange.request('login');
    exchange.error(login, { code: -32001, message: 'Authentication Failure' });
    await until(kit.phone, (s) => s.status === 'ended');
    expect(kit.phone.state.problem).toContain('ソフトフォンにログインできません');
  });

  it('after a refused re-login (password reset) logs in again with the credentials the console gives now', async () => {
    let pass = 'ext-secret';
    const { phone } = await connected({
      fetchConnection: async () => ({ ...CONNECTION(exchange.url), pass }),
    });
    pass = 'new-secret';
    exchange.drop();
    const refused = await exchange.request('login');
    expect(refused.params).toMatchObject({ passwd: 'ext-secret' });
    exchange.error(refused, { code: -32001, message: 'Authentication Failure' });
    const fresh = await exchange.acceptLogin();
    expect(fresh.params).toMatchObject({ passwd: 'new-secret' });
    await until(phone, (s) => s.status === 'ready');
  });

  it('warns while reconnecting, and when even fresh credentials are refused alerts that the session has ended', async () => {
    const { phone, notices, logs } = await connected();
    exchange.drop();
    await until(phone, (s) => s.status === 'reconnecting');
    await phone.dial('1002');
    expect(notices.at(-1)).toEqual({
      level: 'warning',
      text: '電話サーバーとの接続が切れました。再接続しています…',
    });
    expect(logs).toContain('LogController-newCall false');

    const again = await exchange.request('login');
    exchange.error(again, { code: -32001, message: 'Authentication Failure' });
    const fresh = await exchange.request('login');
    exchange.error(fresh, { code: -32001, message: 'Authentication Failure' });
    await until(phone, (s) => s.status === 'ended');
    await phone.dial('1002');
    expect(notices.at(-1)).toEqual({
      level: 'alert',
      text: 'セッションが終了しました。ブラウザを閉じて開き直してください。',
    });
  });
});

describe('incoming calls', () => {
  it('rings: queued, notified, the call tab opens and the ringtone loops', async () => {
    const kit = await connected();
    const callID = ringIn();
    await until(kit.phone, (s) => s.session.incoming.length === 1);
    expect(waitingCalls(kit.phone.state.session)[0]).toMatchObject({
      callID,
      number: '0312340001',
      name: '代表#佐藤',
      status: 'ringing',
    });
    expect(kit.rang).toEqual([callID]);
    expect(kit.tabOpened()).toBe(1);
    expect(kit.sounds).toEqual(['ring']);
  });

  it('does not ring with the ringtone set to none', async () => {
    const kit = await connected({ silent: true });
    ringIn();
    await until(kit.phone, (s) => s.session.incoming.length === 1);
    expect(kit.sounds).toEqual([]);
    expect(kit.tabOpened()).toBe(1);
  });

  it('answers with an SDP answer on a new connection; the call becomes current and timed, the ring stops', async () => {
    const kit = await connected();
    const callID = ringIn();
    await until(kit.phone, (s) => s.session.incoming.length === 1);
    const answering = kit.phone.answer();
    const answer = await exchange.request('verto.answer');
    expect(answer.params).toMatchObject({
      dialogParams: { callID, destination_number: '1001', remote_caller_id_number: '0312340001' },
    });
    expect(String(answer.params?.sdp)).toContain(`o=- ${kit.media.lastPeer().id} `);
    // The FreeSWITCH-style offer had no a=mid: it got one before reaching the connection.
    expect(kit.media.lastPeer().remoteDescription?.sdp).toContain('a=mid:0');
    ok(answer);
    await answering;
    const state = await until(kit.phone, (s) => currentCall(s.session)?.status === 'active');
    expect(currentCall(state.session)).toMatchObject({ callID, activeSince: 1_000_000 });
    expect(state.session.incoming).toEqual([]);
    expect(kit.sounds).toEqual(['ring', 'stopRing']);
    expect(kit.logs).toContain('LogController-answerCall true');
    expect(kit.media.played).toHaveLength(1);
  });

  it('answers a caller without media with an empty SDP: the call is up, silent', async () => {
    const kit = await connected();
    const callID = ringIn('silent-1', '');
    await until(kit.phone, (s) => s.session.incoming.length === 1);
    void kit.phone.answer(callID);
    const answer = await exchange.request('verto.answer');
    expect(answer.params?.sdp).toBe('');
    ok(answer);
    await until(kit.phone, (s) => currentCall(s.session)?.status === 'active');
    expect(kit.media.peers).toHaveLength(0);
  });

  it('hang up with no current call rejects the first waiting call', async () => {
    const kit = await connected();
    ringIn('first');
    ringIn('second');
    await until(kit.phone, (s) => s.session.incoming.length === 2);
    kit.phone.hangUp();
    const bye = await exchange.request('verto.bye');
    expect(bye.params).toMatchObject({
      dialogParams: { callID: 'first' },
      cause: 'CALL_REJECTED',
      causeCode: 21,
    });
    ok(bye, { callID: 'first', message: 'CALL ENDED', causeCode: 21, cause: 'CALL_REJECTED' });
    const state = await until(kit.phone, (s) => s.session.incoming.length === 1);
    expect(state.session.incoming).toEqual(['second']);
    expect(kit.sounds).not.toContain('busy');
  });

  it('a call that stops ringing (answered elsewhere) leaves the queue and the ring stops', async () => {
    const kit = await connected();
    const callID = ringIn();
    await until(kit.phone, (s) => s.session.incoming.length === 1);
    exchange.notify('verto.bye', { callID, causeCode: 702, cause: 'LOSE_RACE' });
    await until(kit.phone, (s) => s.session.incoming.length === 0);
    expect(kit.sounds.filter((s) => s.endsWith('ing') || s === 'busy')).toEqual(['ring', 'stopRing']);
  });
});

describe('media that cannot be set up', () => {
  const MEDIA_FAILED = '通話の音声を接続できませんでした。通話を終了しました。';

  it('an offer the browser refuses: the user is told, the call is hung up with a cause, never shown connected', async () => {
    const kit = await connected();
    const callID = ringIn();
    await until(kit.phone, (s) => s.session.incoming.length === 1);
    kit.media.failNextPeer('setRemoteDescription');
    const answering = kit.phone.answer();
    const bye = await exchange.request('verto.bye');
    expect(bye.params).toMatchObject({
      dialogParams: { callID },
      cause: 'INCOMPATIBLE_DESTINATION',
      causeCode: 88,
    });
    ok(bye, { callID, message: 'CALL ENDED', causeCode: 88, cause: 'INCOMPATIBLE_DESTINATION' });
    expect(await answering).toBeNull();
    const state = await until(kit.phone, (s) => Object.keys(s.session.calls).length === 0);
    expect(currentCall(state.session)).toBeNull();
    expect(kit.notices).toEqual([{ level: 'error', text: MEDIA_FAILED }]);
    expect(kit.logs).toContain('LogController-answerCall false');
    expect(kit.media.lastPeer().closed).toBe(true);
  });

  it('an answer that cannot be applied to our offer ends the call with a message, not as connected', async () => {
    const kit = await connected();
    void kit.phone.dial('1002');
    const invite = await exchange.request('verto.invite');
    const callID = String((invite.params?.dialogParams as Record<string, unknown>).callID);
    exchange.result(invite, { message: 'CALL CREATED', callID, sessid: invite.params?.sessid });
    await until(kit.phone, (s) => currentCall(s.session)?.status === 'trying');
    kit.media.lastPeer().failNext = 'setRemoteDescription';
    exchange.notify('verto.answer', { callID, sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' });
    const bye = await exchange.request('verto.bye');
    expect(bye.params).toMatchObject({ dialogParams: { callID }, cause: 'INCOMPATIBLE_DESTINATION' });
    ok(bye, { callID, message: 'CALL ENDED', causeCode: 88, cause: 'INCOMPATIBLE_DESTINATION' });
    await until(kit.phone, (s) => Object.keys(s.session.calls).length === 0);
    expect(kit.notices).toEqual([{ level: 'error', text: MEDIA_FAILED }]);
  });

  it('a connection that never comes up (ICE gave up) hangs up with MEDIA_TIMEOUT and says so', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    kit.media.lastPeer().failConnection();
    const bye = await exchange.request('verto.bye');
    expect(bye.params).toMatchObject({ dialogParams: { callID }, cause: 'MEDIA_TIMEOUT', causeCode: 604 });
    ok(bye, { callID, message: 'CALL ENDED', causeCode: 604, cause: 'MEDIA_TIMEOUT' });
    await until(kit.phone, (s) => Object.keys(s.session.calls).length === 0);
    expect(kit.notices).toEqual([{ level: 'error', text: MEDIA_FAILED }]);
  });
});

describe('outgoing calls and call actions', () => {
  it('dials with a complete offer and our caller id, then applies the answer', async () => {
    const kit = await connected();
    const { invite } = await dialAndAnswer(kit.phone, '1002');
    expect(invite.params?.dialogParams).toMatchObject({
      destination_number: '1002',
      caller_id_name: '山田 太郎',
      caller_id_number: '1001',
    });
    expect(String(invite.params?.sdp)).toContain('m=audio');
    // FreeSWITCH's answer had no a=mid: it was given the offer's.
    expect(kit.media.lastPeer().remoteDescription?.sdp).toContain('a=mid:0');
    expect(kit.logs).toContain('LogController-newCall true');
  });

  it('strips what is not a digit before dialling', async () => {
    const kit = await connected();
    void kit.phone.dial('03-1234-5678');
    const invite = await exchange.request('verto.invite');
    expect(invite.params?.dialogParams).toMatchObject({ destination_number: '0312345678' });
  });

  it('holds (stops sending, verto.modify hold) and resumes without restarting the timer', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    kit.advance(5_000);
    const holding = kit.phone.toggleHold();
    const hold = await exchange.request('verto.modify');
    expect(hold.params).toMatchObject({ action: 'hold', dialogParams: { callID } });
    expect(kit.media.lastPeer().senders[0]?.track).toBeNull();
    ok(hold, { callID, action: 'hold', holdState: 'held' });
    await holding;
    expect(currentCall(kit.phone.state.session)?.status).toBe('held');
    expect(kit.media.played[0]?.muted).toBe(true);

    const resuming = kit.phone.toggleHold();
    const unhold = await exchange.request('verto.modify');
    expect(unhold.params).toMatchObject({ action: 'unhold' });
    ok(unhold, { callID, action: 'unhold', holdState: 'active' });
    await resuming;
    const call = currentCall(kit.phone.state.session);
    expect(call).toMatchObject({ status: 'active', activeSince: 1_000_000 });
    expect(kit.media.lastPeer().senders[0]?.track).not.toBeNull();
    expect(kit.logs.filter((l) => l === 'LogController-holdCall true')).toHaveLength(2);
  });

  it('a hold answered "active" is no hold: the call stays up, the microphone sends again, the user is told', async () => {
    // FreeSWITCH holds only a channel it has marked answered (switch_core_media_toggle_hold); a call
    // placed from the browser is marked so once its DTLS is up, and until then `hold` answers `active`
    // (recorded without DTLS: fixtures/freeswitch/meta/conference, B, C1, C2).
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    const holding = kit.phone.toggleHold();
    const hold = await exchange.request('verto.modify');
    expect(hold.params).toMatchObject({ action: 'hold', dialogParams: { callID } });
    ok(hold, { callID, action: 'hold', holdState: 'active' });
    await holding;
    expect(currentCall(kit.phone.state.session)?.status).toBe('active');
    expect(kit.media.lastPeer().senders[0]?.track).not.toBeNull();
    expect(kit.notices.at(-1)).toEqual({ level: 'error', text: '保留を切り替えられませんでした。' });
    expect(kit.logs).toContain('LogController-holdCall false');
  });

  it('sends DTMF with verto.info and plays the key tone; mutes the microphone', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    kit.phone.sendDtmf('#');
    const info = await exchange.request('verto.info');
    expect(info.params).toMatchObject({ dialogParams: { callID }, dtmf: '#' });
    expect(kit.sounds).toContain('key #');
    kit.phone.toggleMute();
    expect(currentCall(kit.phone.state.session)?.muted).toBe(true);
    expect(kit.media.tracks[0]?.enabled).toBe(false);
  });

  it('hangs up after the delay, with verto.bye; the busy tone plays and the call clears', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    kit.phone.hangUp();
    kit.phone.hangUp();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(exchange.pending('verto.bye')).toEqual([]);
    const bye = await exchange.request('verto.bye');
    expect(bye.params).toMatchObject({ dialogParams: { callID }, cause: 'NORMAL_CLEARING' });
    ok(bye, { callID, message: 'CALL ENDED', causeCode: 16, cause: 'NORMAL_CLEARING' });
    await until(kit.phone, (s) => s.session.currentId === null);
    expect(kit.sounds.at(-1)).toBe('busy');
    expect(kit.media.lastPeer().closed).toBe(true);
    expect(kit.media.tracks[0]?.stopped).toBe(true);
    expect(exchange.pending('verto.bye')).toEqual([]);
  });

  it('goes 発信中 → 呼出中 (ringback tone) → 通話中 (ringback stops)', async () => {
    const kit = await connected();
    void kit.phone.dial('1002');
    const invite = await exchange.request('verto.invite');
    const callID = String((invite.params?.dialogParams as Record<string, unknown>).callID);
    expect(currentCall(kit.phone.state.session)?.status).toBe('trying');
    expect(kit.sounds).not.toContain('ringback');
    exchange.result(invite, { message: 'CALL CREATED', callID, sessid: invite.params?.sessid });
    await until(kit.phone, (s) => currentCall(s.session)?.status === 'calling');
    expect(kit.sounds).toEqual(['ringback']);
    exchange.notify('verto.answer', {
      callID,
      sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=sendrecv\r\n',
    });
    await until(kit.phone, (s) => currentCall(s.session)?.status === 'active');
    expect(kit.sounds).toEqual(['ringback', 'stopRingback']);
    expect(kit.notices).toEqual([]);
  });

  it('stops the ringback when the exchange sends its own audio (early media)', async () => {
    const kit = await connected();
    void kit.phone.dial('5000');
    const invite = await exchange.request('verto.invite');
    const callID = String((invite.params?.dialogParams as Record<string, unknown>).callID);
    exchange.result(invite, { message: 'CALL CREATED', callID, sessid: invite.params?.sessid });
    await until(kit.phone, (s) => currentCall(s.session)?.status === 'calling');
    exchange.notify('verto.media', {
      callID,
      sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=sendrecv\r\n',
    });
    await vi.waitFor(() => expect(kit.sounds).toContain('stopRingback'), { timeout: 3000, interval: 5 });
    expect(currentCall(kit.phone.state.session)?.status).toBe('calling');
  });

  it('says why a call did not get through: 相手の電話が接続されていません, with the busy tone', async () => {
    const kit = await connected();
    void kit.phone.dial('1002');
    const invite = await exchange.request('verto.invite');
    const callID = String((invite.params?.dialogParams as Record<string, unknown>).callID);
    exchange.result(invite, { message: 'CALL CREATED', callID, sessid: invite.params?.sessid });
    await until(kit.phone, (s) => currentCall(s.session)?.status === 'calling');
    exchange.notify('verto.bye', { callID, causeCode: 20, cause: 'USER_NOT_REGISTERED' });
    await until(kit.phone, (s) => s.session.currentId === null);
    expect(kit.sounds).toEqual(['ringback', `stopAudio ${callID}`, 'stopRingback', 'busy']);
    expect(kit.notices).toEqual([{ level: 'warning', text: '相手の電話が接続されていません。' }]);
  });

  it('plays the busy tone when the far end hangs up', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    exchange.notify('verto.bye', { callID, causeCode: 16, cause: 'NORMAL_CLEARING' });
    await until(kit.phone, (s) => s.session.currentId === null);
    expect(kit.sounds.slice(-2)).toEqual([`stopAudio ${callID}`, 'busy']);
  });

  it('transfers blind to a number', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    const transferring = kit.phone.transfer('1000');
    const modify = await exchange.request('verto.modify');
    expect(modify.params).toMatchObject({
      action: 'transfer',
      destination: '1000',
      dialogParams: { callID },
    });
    ok(modify, { callID, action: 'transfer', message: 'CALL TRANSFERRED', holdState: 'active' });
    expect(await transferring).toBe(true);
    expect(kit.logs).toContain('LogController-transferCall true');
  });

  it('parks the current call on park+59NN; without a call an occupied slot is dialled to retrieve it', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    void kit.phone.park(3);
    const park = await exchange.request('verto.modify');
    expect(park.params).toMatchObject({
      action: 'transfer',
      destination: 'park+5903',
      dialogParams: { callID },
    });
    ok(park, { callID, action: 'transfer', message: 'CALL TRANSFERRED', holdState: 'active' });
    exchange.notify('verto.bye', { callID, causeCode: 16, cause: 'NORMAL_CLEARING' });
    await until(kit.phone, (s) => s.session.currentId === null);

    void kit.phone.park(3);
    const retrieve = await exchange.request('verto.invite');
    expect(retrieve.params?.dialogParams).toMatchObject({ destination_number: '5903' });
  });

  it('holds the current call aside to answer another, and brings it back when that one ends', async () => {
    const kit = await connected();
    const first = await dialAndAnswer(kit.phone);
    ringIn('second');
    await until(kit.phone, (s) => s.session.incoming.length === 1);
    // No ring while a call is in progress.
    expect(kit.sounds).not.toContain('ring');
    const answering = kit.phone.answer('second');
    const hold = await exchange.request('verto.modify');
    expect(hold.params).toMatchObject({ action: 'hold', dialogParams: { callID: first.callID } });
    ok(hold, { callID: first.callID, action: 'hold', holdState: 'held' });
    ok(await exchange.request('verto.answer'));
    await answering;
    await until(kit.phone, (s) => s.session.currentId === 'second');
    exchange.notify('verto.bye', { callID: 'second', causeCode: 16, cause: 'NORMAL_CLEARING' });
    const state = await until(kit.phone, (s) => s.session.currentId === first.callID);
    expect(currentCall(state.session)?.status).toBe('held');
  });
});

/** Answers the client's next verto.modify of `action` as FreeSWITCH does. */
async function modified(
  action: string,
  holdState: 'held' | 'active' = action === 'hold' ? 'held' : 'active',
) {
  const frame = await exchange.request('verto.modify', (f) => f.params?.action === action);
  const { callID } = frame.params?.dialogParams as { callID: string };
  ok(frame, { callID, action, holdState });
  return { frame, callID };
}

/** Answers the client's next verto.bye. */
async function byeTaken() {
  const frame = await exchange.request('verto.bye');
  const { callID } = frame.params?.dialogParams as { callID: string };
  ok(frame, { callID, message: 'CALL ENDED', causeCode: 16, cause: 'NORMAL_CLEARING' });
  return callID;
}

/** A caller answered here, then put on hold while the colleague at 1002 is consulted (and answers). */
async function consulting(kit: Awaited<ReturnType<typeof connected>>) {
  ringIn('caller');
  await until(kit.phone, (s) => s.session.incoming.includes('caller'));
  const answering = kit.phone.answer('caller');
  ok(await exchange.request('verto.answer'));
  await answering;
  const consult = kit.phone.consult('1002');
  await modified('hold');
  const invite = await exchange.request('verto.invite');
  const colleague = String((invite.params?.dialogParams as Record<string, unknown>).callID);
  exchange.result(invite, { message: 'CALL CREATED', callID: colleague, sessid: invite.params?.sessid });
  expect(await consult).toBe(true);
  exchange.notify('verto.answer', { callID: colleague, sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' });
  await until(kit.phone, (s) => s.session.calls[colleague]?.status === 'active');
  return colleague;
}

describe('two calls at once', () => {
  it('switches between two calls: the current one is held, the other resumed, each time', async () => {
    const kit = await connected();
    const first = await dialAndAnswer(kit.phone);
    ringIn('second');
    await until(kit.phone, (s) => s.session.incoming.includes('second'));
    expect(kit.sounds).toContain('callWaiting');
    const answering = kit.phone.switchTo('second');
    expect((await modified('hold')).callID).toBe(first.callID);
    ok(await exchange.request('verto.answer'));
    expect(await answering).toMatchObject({ callID: 'second' });

    const back = kit.phone.switchTo(first.callID);
    expect((await modified('hold')).callID).toBe('second');
    expect((await modified('unhold')).callID).toBe(first.callID);
    expect(await back).toMatchObject({ callID: first.callID });
    const state = await until(kit.phone, (s) => currentCall(s.session)?.status === 'active');
    expect(state.session.currentId).toBe(first.callID);
    expect(state.session.calls.second?.status).toBe('held');

    // One is hung up from its line; the other stays.
    void kit.phone.hangUpCall('second');
    expect(await byeTaken()).toBe('second');
    await until(kit.phone, (s) => !s.session.calls.second);
    expect(kit.phone.state.session.currentId).toBe(first.callID);
  });

  it('refuses a fifth call busy: four lines are all a phone has', async () => {
    const kit = await connected();
    for (const id of ['a', 'b', 'c', 'd']) ringIn(id);
    await until(kit.phone, (s) => s.session.incoming.length === 4);
    ringIn('e');
    const bye = await exchange.request('verto.bye');
    expect(bye.params).toMatchObject({ dialogParams: { callID: 'e' }, cause: 'USER_BUSY' });
    expect(kit.phone.state.session.calls.e).toBeUndefined();
  });
});

describe('attended transfer', () => {
  it('consults with the caller on hold, then joins them (verto.modify replace) and leaves both calls', async () => {
    const kit = await connected();
    const colleague = await consulting(kit);
    expect(kit.phone.state.session.consult).toEqual({ heldId: 'caller', consultId: colleague });

    const completing = kit.phone.completeTransfer();
    const replace = await exchange.request('verto.modify', (f) => f.params?.action === 'replace');
    // The caller's call (received) is the one replaced: FreeSWITCH parks the caller instead when the
    // replaced call is one this phone placed whose originate has not returned (CF_ORIGINATOR; recorded
    // without DTLS, fixtures/freeswitch/verto/conference-*); a received call never is.
    expect(replace.params).toMatchObject({
      action: 'replace',
      dialogParams: { callID: colleague },
      replaceCallID: 'caller',
    });
    ok(replace, { callID: colleague, action: 'replace', holdState: 'active' });
    expect([await byeTaken(), await byeTaken()].sort()).toEqual(['caller', colleague].sort());
    await completing;
    expect(kit.phone.state.session).toEqual(emptySession);
    expect(kit.notices.at(-1)).toEqual({ level: 'info', text: '1002 に転送しました。' });
    expect(kit.logs).toContain('LogController-transferCall true');
  });

  it('cancels: the colleague’s call ends and the caller is taken off hold', async () => {
    const kit = await connected();
    const colleague = await consulting(kit);
    const cancelling = kit.phone.cancelConsult();
    expect(await byeTaken()).toBe(colleague);
    expect((await modified('unhold')).callID).toBe('caller');
    await cancelling;
    expect(kit.phone.state.session).toMatchObject({ currentId: 'caller', consult: null });
    expect(currentCall(kit.phone.state.session)?.status).toBe('active');
  });

  it('says so when the exchange refuses the transfer, and keeps both calls', async () => {
    const kit = await connected();
    const colleague = await consulting(kit);
    const completing = kit.phone.completeTransfer();
    const replace = await exchange.request('verto.modify', (f) => f.params?.action === 'replace');
    exchange.error(replace, { code: -32002, message: 'transfer failed' });
    await completing;
    expect(kit.notices.at(-1)).toEqual({ level: 'error', text: '転送できませんでした。' });
    expect(Object.keys(kit.phone.state.session.calls).sort()).toEqual(['caller', colleague].sort());
  });
});

describe('three-way call', () => {
  it('joins the held caller: both resumed, each call sends the other’s audio mixed with ours; leaving joins the other two', async () => {
    const kit = await connected();
    const colleague = await consulting(kit);
    const joining = kit.phone.conference();
    expect((await modified('unhold')).callID).toBe('caller');
    await joining;
    expect(kit.phone.state.session.conference).toEqual([colleague, 'caller']);
    // Without WebAudio (jsdom) the mix is a copy of the microphone: each call now sends a new track.
    const senders = kit.media.peers.filter((p) => !p.closed).map((p) => p.senders[0]?.track?.label);
    expect(senders).toEqual(['mic (clone)', 'mic (clone)']);

    const leaving = kit.phone.leaveConference();
    const replace = await exchange.request('verto.modify', (f) => f.params?.action === 'replace');
    expect(replace.params).toMatchObject({ dialogParams: { callID: colleague }, replaceCallID: 'caller' });
    ok(replace, { callID: colleague, action: 'replace', holdState: 'active' });
    await byeTaken();
    await byeTaken();
    await leaving;
    expect(kit.phone.state.session).toEqual(emptySession);
    expect(kit.notices.at(-1)?.text).toBe('3者通話から退出しました。ほかの 2 人の通話は続いています。');
  });

  it('leaving a call placed (held) and one taken replaces the one taken, as FreeSWITCH needs', async () => {
    const kit = await connected();
    const placed = await dialAndAnswer(kit.phone);
    ringIn('taken');
    await until(kit.phone, (s) => s.session.incoming.includes('taken'));
    const answering = kit.phone.switchTo('taken');
    expect((await modified('hold')).callID).toBe(placed.callID);
    ok(await exchange.request('verto.answer'));
    await answering;
    const joining = kit.phone.conference();
    expect((await modified('unhold')).callID).toBe(placed.callID);
    await joining;
    expect(kit.phone.state.session.conference).toEqual(['taken', placed.callID]);

    const leaving = kit.phone.leaveConference();
    const replace = await exchange.request('verto.modify', (f) => f.params?.action === 'replace');
    expect(replace.params).toMatchObject({ dialogParams: { callID: placed.callID }, replaceCallID: 'taken' });
    ok(replace, { callID: placed.callID, action: 'replace', holdState: 'active' });
    await byeTaken();
    await byeTaken();
    await leaving;
    expect(kit.phone.state.session).toEqual(emptySession);
  });

  it('ends for everyone with 切断, and falls back to one call when a party hangs up', async () => {
    const kit = await connected();
    const colleague = await consulting(kit);
    const joining = kit.phone.conference();
    await modified('unhold');
    await joining;
    exchange.notify('verto.bye', { callID: colleague, causeCode: 16, cause: 'NORMAL_CLEARING' });
    await until(kit.phone, (s) => s.session.conference === null && s.session.currentId === 'caller');
    // The one left hears the microphone alone again.
    const live = kit.media.peers.filter((p) => !p.closed);
    await vi.waitFor(() => expect(live.map((p) => p.senders[0]?.track?.label)).toEqual(['mic']));
  });
});

describe('pick-up', () => {
  it('dials *8 and the extension; with nothing ringing there, says so', async () => {
    const kit = await connected();
    void kit.phone.dial('*8 1002');
    const invite = await exchange.request('verto.invite');
    const { callID, destination_number } = invite.params?.dialogParams as Record<string, string>;
    expect(destination_number).toBe('*81002');
    exchange.result(invite, { message: 'CALL CREATED', callID, sessid: invite.params?.sessid });
    exchange.notify('verto.bye', { callID, causeCode: 16, cause: 'NORMAL_CLEARING' });
    await until(kit.phone, (s) => Object.keys(s.session.calls).length === 0);
    expect(kit.notices.at(-1)).toEqual({ level: 'warning', text: 'ピックアップできる着信がありません。' });
  });
});

describe("the exchange's media requests", () => {
  it('answers sandbox.offer with a fresh offer on a new connection, then takes its answer', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    const before = kit.media.lastPeer();
    const id = exchange.notify('sandbox.offer', { callID });
    const reply = await exchange.reply(id);
    expect(before.closed).toBe(true);
    const fresh = kit.media.lastPeer();
    expect(fresh).not.toBe(before);
    expect(reply.result).toEqual({ method: 'sandbox.offer', sdp: fresh.localDescription?.sdp });
    exchange.notify('verto.answer', { callID, sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' });
    await vi.waitFor(() => expect(fresh.remoteDescription?.type).toBe('answer'));
    expect(currentCall(kit.phone.state.session)?.activeSince).toBe(1_000_000);
  });

  it('makes the fresh offer once the sandbox holds the call here, and answers sandbox.offer with it at once', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    const current = kit.media.lastPeer();
    const play = (kind: string) =>
      exchange.notify('verto.event', {
        eventChannel: 'sandbox.audio',
        data: { action: 'play', callID, kind, fileName: 'default_hold.wav', url: null, loop: true },
      });
    // Parked, the call is retrieved by a colleague who offers: nothing is made for it.
    play('park');
    await vi.waitFor(() => expect(kit.sounds.filter((s) => s === `sandbox play ${callID}`)).toHaveLength(1));
    expect(kit.media.peers).toHaveLength(1);

    play('hold');
    await vi.waitFor(() => expect(kit.media.peers[1]?.iceGatheringState).toBe('complete'));
    const prepared = kit.media.lastPeer();
    expect(current.closed).toBe(false);

    const reply = await exchange.reply(exchange.notify('sandbox.offer', { callID }));
    expect(reply.result).toEqual({ method: 'sandbox.offer', sdp: prepared.localDescription?.sdp });
    expect(kit.media.peers).toHaveLength(2);
    expect(current.closed).toBe(true);
    exchange.notify('verto.answer', { callID, sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' });
    await vi.waitFor(() => expect(prepared.remoteDescription?.type).toBe('answer'));
  });

  it('answers verto.attach on a fresh connection with a client verto.attach (a retrieved park)', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    const before = kit.media.lastPeer();
    exchange.notify('verto.attach', {
      callID,
      sdp: OFFER,
      caller_id_name: '受付',
      caller_id_number: '1000',
      display_direction: 'outbound',
    });
    const attach = await exchange.request('verto.attach');
    expect(before.closed).toBe(true);
    expect(attach.params).toMatchObject({
      dialogParams: { callID },
      sdp: kit.media.lastPeer().localDescription?.sdp,
    });
    ok(attach);
    expect(currentCall(kit.phone.state.session)).toMatchObject({ callID, status: 'active' });
  });

  it('answers a listen-in send-only and never shows it as a call', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    exchange.notify('verto.attach', {
      callID: 'tap-1',
      sdp: OFFER,
      caller_id_name: '受付',
      caller_id_number: '1000',
      variables: { sandbox_monitor: callID },
    });
    const attach = await exchange.request('verto.attach');
    expect(attach.params).toMatchObject({ dialogParams: { callID: 'tap-1' } });
    expect(String(attach.params?.sdp)).toContain('a=sendonly');
    ok(attach);
    expect(Object.keys(kit.phone.state.session.calls)).toEqual([callID]);
    exchange.notify('verto.bye', { callID: 'tap-1', causeCode: 16, cause: 'NORMAL_CLEARING' });
    await vi.waitFor(() => expect(kit.media.lastPeer().closed).toBe(true));
    expect(currentCall(kit.phone.state.session)?.callID).toBe(callID);
    expect(kit.sounds).not.toContain('busy');
  });

  it('passes what the sandbox says the call hears to the sounds', async () => {
    const kit = await connected();
    const { callID } = await dialAndAnswer(kit.phone);
    exchange.notify('verto.event', {
      eventChannel: 'sandbox.audio',
      data: { action: 'play', callID, kind: 'hold', fileName: 'default_hold.wav', url: null, loop: true },
    });
    await vi.waitFor(() => expect(kit.sounds).toContain(`sandbox play ${callID}`));
  });
});

describe('stop', () => {
  it('ends the calls and closes the connection (logout, phone type changed)', async () => {
    const kit = await connected();
    await dialAndAnswer(kit.phone);
    kit.phone.stop();
    expect(kit.phone.state).toEqual({
      status: 'idle',
      problem: null,
      session: emptySession,
    });
    expect(kit.media.lastPeer().closed).toBe(true);
  });
});
