// @vitest-environment jsdom
// The caller page's phone against a scripted exchange over a real WebSocket; WebRTC is faked.
import type { SandboxAudio } from '@tsunagu/contract/verto/index';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CallerPhone, type CallerPhoneState } from './caller-phone';
import { fakeMedia, FakeMediaStream } from './testing/fake-media';
import { ScriptedExchange, type Frame } from './testing/verto-server';

let exchange: ScriptedExchange;
const phones: CallerPhone[] = [];

beforeEach(async () => {
  vi.stubGlobal('MediaStream', FakeMediaStream);
  exchange = await ScriptedExchange.start();
});
afterEach(async () => {
  for (const phone of phones.splice(0)) phone.disconnect();
  await exchange.close();
});

function createPhone() {
  const media = fakeMedia();
  const played: SandboxAudio[] = [];
  const keys: string[] = [];
  const phone = new CallerPhone({
    media: media.env,
    clientOptions: { WebSocket, keepAliveMs: 0, requestTimeoutMs: 2000 },
    play: (audio) => played.push(audio),
    keyTone: (key) => keys.push(key),
  });
  phones.push(phone);
  return { phone, media, played, keys };
}

function until(phone: CallerPhone, match: (state: CallerPhoneState) => boolean) {
  return vi.waitFor(
    () => {
      if (!match(phone.state)) throw new Error(JSON.stringify(phone.state));
    },
    { timeout: 3000, interval: 5 },
  );
}

async function signedIn() {
  const kit = createPhone();
  const connecting = kit.phone.connect(exchange.url, '09012345678', 'demo.tsunagu.local', 'session-token');
  const login = await exchange.acceptLogin();
  await connecting;
  return { ...kit, login };
}

const ok = (frame: Frame, extra: Record<string, unknown> = {}) =>
  exchange.result(frame, { sessid: frame.params?.sessid, ...extra });

describe('the caller page phone', () => {
  it('signs in as external:<number>@<domain> with the console session token', async () => {
    const { phone, login } = await signedIn();
    expect(login.params).toMatchObject({
      login: 'external:09012345678@demo.tsunagu.local',
      passwd: 'session-token',
    });
    expect(phone.state).toMatchObject({
      connection: 'ready',
      login: 'external:09012345678@demo.tsunagu.local',
    });
  });

  it('dials an incoming number with a real offer, plays what the sandbox says, presses IVR digits, and hangs up', async () => {
    const { phone, played, keys, media } = await signedIn();
    void phone.dial('0312345678');
    const invite = await exchange.request('verto.invite');
    const callID = String((invite.params?.dialogParams as Record<string, unknown>).callID);
    expect(invite.params?.dialogParams).toMatchObject({
      destination_number: '0312345678',
      caller_id_number: '09012345678',
    });
    expect(String(invite.params?.sdp)).toContain('m=audio');
    ok(invite, { message: 'CALL CREATED', callID });
    await until(phone, (s) => s.call?.status === 'calling');

    const greeting = {
      action: 'play',
      callID,
      kind: 'ivr',
      fileName: 'welcome.wav',
      url: '/api/v1/recording/playFile?fileName=welcome.wav',
      loop: false,
    } as const;
    exchange.notify('verto.event', { eventChannel: 'sandbox.audio', data: greeting });
    await until(phone, (s) => s.hearing?.fileName === 'welcome.wav');
    expect(played).toEqual([greeting]);

    void phone.dtmf('1');
    const info = await exchange.request('verto.info');
    expect(info.params).toMatchObject({ dialogParams: { callID }, dtmf: '1' });
    ok(info, { message: 'SENT' });
    expect(keys).toEqual(['1']);

    exchange.notify('verto.event', { eventChannel: 'sandbox.audio', data: { action: 'stop', callID } });
    exchange.notify('verto.answer', { callID, sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' });
    await until(phone, (s) => s.call?.status === 'talking' && s.hearing === null);
    expect(media.lastPeer().remoteDescription?.type).toBe('answer');

    void phone.hangup();
    const bye = await exchange.request('verto.bye');
    ok(bye, { callID, message: 'CALL ENDED', causeCode: 16, cause: 'NORMAL_CLEARING' });
    await until(phone, (s) => s.call === null && s.ended === 'NORMAL_CLEARING');
  });

  it('rings for a call to its number and answers it; a second caller meanwhile hears busy', async () => {
    const { phone } = await signedIn();
    exchange.notify('verto.invite', {
      callID: 'in-1',
      sdp: '',
      caller_id_name: '',
      caller_id_number: '0312345678',
      display_direction: 'outbound',
    });
    await until(phone, (s) => s.call?.status === 'ringing' && s.call.number === '0312345678');
    exchange.notify('verto.invite', {
      callID: 'in-2',
      sdp: '',
      caller_id_name: '',
      caller_id_number: '0312345679',
      display_direction: 'outbound',
    });
    const busy = await exchange.request('verto.bye');
    expect(busy.params).toMatchObject({ dialogParams: { callID: 'in-2' }, cause: 'USER_BUSY' });

    void phone.answer();
    const answer = await exchange.request('verto.answer');
    // A desk phone has no media: the call is up without audio.
    expect(answer.params?.sdp).toBe('');
    ok(answer);
    await until(phone, (s) => s.call?.status === 'talking');
    exchange.notify('verto.bye', { callID: 'in-1', causeCode: 16, cause: 'NORMAL_CLEARING' });
    await until(phone, (s) => s.call === null);
  });

  it('signs out, ending the call', async () => {
    const { phone } = await signedIn();
    const dialling = phone.dial('0312345678');
    await exchange.request('verto.invite');
    phone.disconnect();
    await expect(dialling).rejects.toThrow('ソフトフォンのサーバーに接続できません');
    expect(phone.state).toEqual({ connection: 'idle', login: null, call: null, ended: null, hearing: null });
  });
});
