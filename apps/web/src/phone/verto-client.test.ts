// @vitest-environment jsdom
// The web project's setup file needs `window`, so this runs under jsdom too; the sockets are real
// anyway: the server and the client's WebSocket both come from the `ws` package.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { loadRecordedVertoSession } from '@tsunagu/contract/verto/testing/recorded-session';
import type { RecordedVertoFrame } from '@tsunagu/contract/verto/testing/recorded-session';
import { SANDBOX_AUDIO_CHANNEL, sandboxAudioSchema } from '@tsunagu/contract/verto/index';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  reconnectDelay,
  VertoClient,
  VertoDisconnectedError,
  VertoLoginError,
  VertoRequestError,
  VertoTimeoutError,
} from './verto-client';
import type { VertoClientEvents, VertoClientOptions } from './verto-client';

type Json = Record<string, unknown>;

/** A FIFO whose shift() waits for the next item, failing after a while so a test never hangs. */
function createQueue<T>(what: string) {
  const items: T[] = [];
  const waiters: Array<(item: T) => void> = [];
  return {
    push(item: T) {
      const waiter = waiters.shift();
      if (waiter) waiter(item);
      else items.push(item);
    },
    shift(timeoutMs = 3000): Promise<T> {
      const item = items.shift();
      if (item !== undefined) return Promise.resolve(item);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((next) => {
          clearTimeout(timer);
          resolve(next);
        });
      });
    },
  };
}

/** The server's end of one client socket. */
class Peer {
  readonly #inbox = createQueue<Json>('message from the client');
  readonly closed: Promise<unknown>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.#inbox.push(JSON.parse(String(data)) as Json));
    this.closed = once(socket, 'close');
  }

  /** The next frame the client sent. */
  next(): Promise<Json> {
    return this.#inbox.shift();
  }

  send(frame: Json | string | Buffer): void {
    this.socket.send(typeof frame === 'object' && !Buffer.isBuffer(frame) ? JSON.stringify(frame) : frame);
  }

  /** Answers the next login as FreeSWITCH does; returns the login frame. */
  async acceptLogin(): Promise<Json> {
    const login = await this.next();
    const params = login.params as Json;
    this.send({ jsonrpc: '2.0', id: login.id, result: { message: 'logged in', sessid: params.sessid } });
    return login;
  }
}

const servers: WebSocketServer[] = [];
const clients: VertoClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const server of servers.splice(0)) {
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A scripted verto server on 127.0.0.1 and an ephemeral port. */
async function startServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await once(server, 'listening');
  const peers = createQueue<Peer>('connection');
  server.on('connection', (socket) => peers.push(new Peer(socket)));
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, nextPeer: () => peers.shift() };
}

function createClient(options: VertoClientOptions = {}): VertoClient {
  const client = new VertoClient({ WebSocket, keepAliveMs: 0, requestTimeoutMs: 2000, ...options });
  clients.push(client);
  return client;
}

/** Records every event a client emits; waitFor() finds a past one or waits for the next match. */
function recordEvents(client: VertoClient) {
  const types = [
    'state',
    'ready',
    'invite',
    'attach',
    'answer',
    'media',
    'display',
    'bye',
    'event',
    'punt',
  ] as const;
  const seen: Array<{ type: keyof VertoClientEvents; payload: unknown }> = [];
  const waiters = new Set<() => void>();
  for (const type of types) {
    client.on(type, (payload) => {
      seen.push({ type, payload });
      for (const wake of [...waiters]) wake();
    });
  }
  function waitFor<K extends keyof VertoClientEvents>(
    type: K,
    match: (payload: VertoClientEvents[K]) => boolean = () => true,
  ): Promise<VertoClientEvents[K]> {
    const find = () =>
      seen.find((e) => e.type === type && match(e.payload as VertoClientEvents[K]))?.payload as
        VertoClientEvents[K] | undefined;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} event`)), 3000);
      const check = () => {
        const found = find();
        if (found === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  }
  const count = (type: keyof VertoClientEvents) => seen.filter((e) => e.type === type).length;
  return { waitFor, count, seen };
}

/**
 * Plays FreeSWITCH's side of a recording against the client: sends each recorded server frame
 * and checks each client frame against the recorded one. Client request ids may differ from the
 * recording (our client sends fewer requests); replies are renumbered to match. Our own ack
 * replies echo FreeSWITCH's ids, so they must match exactly.
 */
async function replay(peer: Peer, script: RecordedVertoFrame[], subsetOnly: ReadonlySet<string> = new Set()) {
  const ids = new Map<unknown, unknown>();
  const requestIds: unknown[] = [];
  for (const { dir, message, raw } of script) {
    if (dir === 'in') {
      peer.send('method' in message ? message : { ...message, id: ids.get(message.id) });
      continue;
    }
    const actual = await peer.next();
    if (!('method' in message)) {
      expect(actual, raw).toEqual(message);
      continue;
    }
    ids.set(message.id, actual.id);
    requestIds.push(actual.id);
    const expected = { ...message, id: actual.id };
    if (subsetOnly.has(raw)) expect(actual).toMatchObject(expected);
    else expect(actual).toEqual(expected);
  }
  return requestIds;
}

/** Frames `from`..`to` of a recording, numbered like messages/<session>/NNN-*.json. */
function frames(all: RecordedVertoFrame[], from: number, to: number): RecordedVertoFrame[] {
  return all.slice(from - 1, to);
}

function sdpOf(frame: RecordedVertoFrame | undefined): string {
  return String((frame?.message.params as Json).sdp);
}

const login = '1001@tenant-a.example';
const sessid = 'c4dfe9da-a06f-4633-9270-9aa16e44223c';

describe('against the recorded FreeSWITCH session of 1001', () => {
  const recording = loadRecordedVertoSession('verto-1001');
  const at = (n: number) => recording[n - 1];

  it('logs in, takes and answers a call, sends DTMF, dials, holds, hangs up: exactly as recorded', async () => {
    // Left out: the recording client's own probes (frames 6–11: verto.subscribe, jsapi, echo, which
    // our client never sends; FreeSWITCH refuses the last two) and its invite without SDP (69–70),
    // which our API cannot produce. The presence events it had subscribed to are still played.
    const script = [...frames(recording, 1, 5), ...frames(recording, 12, 68)];
    // The recording client sent a bare dialogParams for 0000; ours carries the verto.js defaults too.
    const compactInvite = new Set([at(63)?.raw ?? '']);

    const server = await startServer();
    const client = createClient();
    const events = recordEvents(client);
    const played = server.nextPeer().then((peer) => replay(peer, script, compactInvite));

    const driven = (async () => {
      const refused = client.connect(server.url, { login, passwd: 'wrong-password', sessid });
      await expect(refused).rejects.toBeInstanceOf(VertoLoginError);
      await expect(refused).rejects.toMatchObject({ code: -32001 });
      expect(client.state).toBe('idle');

      // Same socket, same session id: FreeSWITCH keeps the socket open after a wrong password.
      await client.connect(server.url, {
        login,
        passwd: 'secret1001',
        sessid,
        userVariables: { avatar: '', email: login },
      });
      expect(client.state).toBe('ready');
      expect(await events.waitFor('ready')).toEqual({ reattachedSessions: [] });

      // Two forked calls another leg won (LOSE_RACE): rung, acknowledged, ended by FreeSWITCH.
      for (const callID of ['855d7ad8-9d83-49ed-b8f6-f8e6b92f6ae1', '12065d6a-95c7-48bf-bcff-2bbac98e4b85']) {
        await events.waitFor('invite', (c) => c.callID === callID);
        expect(await events.waitFor('bye', (b) => b.callID === callID)).toEqual({
          callID,
          causeCode: 702,
          cause: 'LOSE_RACE',
        });
      }

      const inbound = '790d182e-708a-4290-9d90-f2a180b46f4e';
      const ringing = await events.waitFor('invite', (c) => c.callID === inbound);
      expect(ringing).toMatchObject({
        caller_id_name: 'Bob Example',
        caller_id_number: '1002',
        remote_caller_id_name: 'Bob Example',
        remote_caller_id_number: '1002',
      });
      expect(ringing.sdp).toContain('m=audio');
      await client.answer(inbound, sdpOf(at(38)));
      await client.dtmf(inbound, '5');
      expect(await events.waitFor('bye', (b) => b.callID === inbound)).toMatchObject({
        cause: 'NORMAL_CLEARING',
      });

      const outbound = '4ac85ddf-ae06-4f8b-b5a8-a085e981a719';
      const dial = { destination: '9196', callerIdName: 'Extension 1001', callerIdNumber: '1001' };
      expect(await client.invite({ ...dial, sdp: sdpOf(at(46)), callID: outbound })).toBe(outbound);
      expect((await events.waitFor('answer', (a) => a.callID === outbound)).sdp).toContain('m=audio');
      expect(await client.hold(outbound)).toBe('held');
      expect(await client.unhold(outbound)).toBe('active');
      expect(await client.bye(outbound)).toMatchObject({ message: 'CALL ENDED', cause: 'NORMAL_CLEARING' });

      // An unroutable number: created first, then ended by FreeSWITCH.
      const unroutable = 'ba9e8159-e318-47d9-be15-9303198060c1';
      await client.invite({ ...dial, destination: '0000', sdp: sdpOf(at(63)), callID: unroutable });
      expect(await events.waitFor('bye', (b) => b.callID === unroutable)).toMatchObject({
        cause: 'NO_ROUTE_DESTINATION',
        causeCode: 3,
      });
      // The recording's last frame: the presence event of that call's hangup.
      await events.waitFor(
        'event',
        (e) => e.data.channelUUID === unroutable && e.data.channelCallState === 'HANGUP',
      );
    })();

    const [requestIds] = await Promise.all([played, driven]);
    expect(requestIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const playedEvents = script.filter((f) => f.message.method === 'verto.event').length;
    expect(events.count('event')).toBe(playedEvents);
    expect(client.state).toBe('ready');
  });

  it('reports a refused request with its code and cause (the invite without SDP)', async () => {
    const server = await startServer();
    const client = createClient();
    const peer = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001' });
    const fs = await peer;
    await fs.acceptLogin();
    await connected;

    const call = client.invite({ destination: '9196', callerIdName: 'a', callerIdNumber: '1001', sdp: '' });
    const invite = await fs.next();
    fs.send({ ...(at(70)?.message ?? {}), id: invite.id });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VertoRequestError);
    expect(error).toMatchObject({
      method: 'verto.invite',
      code: -32002,
      error: { message: 'CALL ERROR', cause: 'INVALID_MSG_UNSPECIFIED', causeCode: 95 },
    });
  });
});

describe('against the recorded WebRTC session of 1002', () => {
  it('dials, is answered, hangs up: exactly as recorded', async () => {
    const recording = loadRecordedVertoSession('verto-1002-webrtc');
    const server = await startServer();
    const client = createClient();
    const events = recordEvents(client);
    const played = server.nextPeer().then((peer) => replay(peer, recording));

    const callID = 'f165e6ea-ccee-4936-b874-e80e7ece5a65';
    await client.connect(server.url, {
      login: '1002@tenant-a.example',
      passwd: 'secret1002',
      sessid: '799fff80-9596-440c-a907-a68faca8e839',
    });
    const sdp = sdpOf(recording[3]);
    await client.invite({
      destination: '9999',
      callerIdName: 'Extension 1002',
      callerIdNumber: '1002',
      sdp,
      callID,
    });
    // FreeSWITCH's WebRTC answer has no a=mid line even though the offer used BUNDLE.
    expect((await events.waitFor('answer')).sdp).not.toContain('a=mid');
    await client.bye(callID);
    expect(await played).toEqual([1, 2, 3]);
  });
});

describe('server requests the recordings lack', () => {
  async function loggedIn() {
    const server = await startServer();
    const client = createClient();
    const events = recordEvents(client);
    const peer = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    const fs = await peer;
    await fs.acceptLogin();
    await connected;
    return { server, client, events, fs };
  }

  it('acknowledges verto.media and verto.display and reports them', async () => {
    const { events, fs } = await loggedIn();
    fs.send({ jsonrpc: '2.0', id: 41, method: 'verto.media', params: { callID: 'c1', sdp: 'v=0 early' } });
    expect(await fs.next()).toEqual({ jsonrpc: '2.0', id: 41, result: { method: 'verto.media' } });
    expect(await events.waitFor('media')).toEqual({ callID: 'c1', sdp: 'v=0 early' });

    const display = { callID: 'c1', display_name: 'Reception', display_number: '1003' };
    fs.send({ jsonrpc: '2.0', id: 42, method: 'verto.display', params: display });
    expect(await fs.next()).toEqual({ jsonrpc: '2.0', id: 42, result: { method: 'verto.display' } });
    expect(await events.waitFor('display')).toEqual(display);
  });

  it('transfers the far end with verto.modify action transfer and a top-level destination', async () => {
    const { client, fs } = await loggedIn();
    const transferred = client.transfer('c1', 'park+5901');
    const request = await fs.next();
    expect(request).toEqual({
      jsonrpc: '2.0',
      method: 'verto.modify',
      params: { action: 'transfer', dialogParams: { callID: 'c1' }, destination: 'park+5901', sessid },
      id: request.id,
    });
    const result = {
      callID: 'c1',
      action: 'transfer',
      message: 'CALL TRANSFERRED',
      holdState: 'active',
      sessid,
    };
    fs.send({ jsonrpc: '2.0', id: request.id, result });
    expect(await transferred).toEqual(result);
  });

  it('rejects with CALL_REJECTED when asked to', async () => {
    const { client, fs } = await loggedIn();
    const rejected = client.bye('c1', 'CALL_REJECTED');
    const request = await fs.next();
    expect(request.params).toEqual({
      dialogParams: { callID: 'c1' },
      sessid,
      cause: 'CALL_REJECTED',
      causeCode: 21,
    });
    fs.send({
      jsonrpc: '2.0',
      id: request.id,
      result: { callID: 'c1', message: 'CALL ENDED', causeCode: 21, cause: 'CALL_REJECTED', sessid },
    });
    await expect(rejected).resolves.toMatchObject({ cause: 'CALL_REJECTED' });
  });

  it('on verto.punt closes without answering and does not reconnect', async () => {
    const { client, events, fs } = await loggedIn();
    fs.send({ jsonrpc: '2.0', id: 43, method: 'verto.punt', params: {} });
    await events.waitFor('punt');
    await fs.closed;
    expect(client.state).toBe('closed');
    expect(events.seen.filter((e) => e.type === 'state').map((e) => e.payload)).not.toContain('reconnecting');
  });
});

describe("the sandbox's additions", () => {
  async function loggedIn() {
    const server = await startServer();
    const client = createClient();
    const events = recordEvents(client);
    const peer = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    const sandbox = await peer;
    await sandbox.acceptLogin();
    await connected;
    return { client, events, sandbox };
  }

  it('answers sandbox.offer with a fresh offer from the provider, then reports the answer to it', async () => {
    const { client, events, sandbox } = await loggedIn();
    const asked: string[] = [];
    client.setOfferProvider(async (callID) => {
      asked.push(callID);
      return 'v=0 fresh offer';
    });
    sandbox.send({ jsonrpc: '2.0', id: 12, method: 'sandbox.offer', params: { callID: 'c1' } });
    // No `{ method }` ack first: the reply carries the offer.
    expect(await sandbox.next()).toEqual({
      jsonrpc: '2.0',
      id: 12,
      result: { method: 'sandbox.offer', sdp: 'v=0 fresh offer' },
    });
    expect(asked).toEqual(['c1']);
    sandbox.send({
      jsonrpc: '2.0',
      id: 13,
      method: 'verto.answer',
      params: { callID: 'c1', sdp: 'v=0 answer' },
    });
    expect(await sandbox.next()).toEqual({ jsonrpc: '2.0', id: 13, result: { method: 'verto.answer' } });
    expect(await events.waitFor('answer')).toEqual({ callID: 'c1', sdp: 'v=0 answer' });
  });

  it('refuses sandbox.offer with -32002 when no provider is set or the provider fails', async () => {
    const { client, sandbox } = await loggedIn();
    sandbox.send({ jsonrpc: '2.0', id: 20, method: 'sandbox.offer', params: { callID: 'c1' } });
    expect(await sandbox.next()).toEqual({
      jsonrpc: '2.0',
      id: 20,
      error: { code: -32002, message: 'CALL ERROR', callID: 'c1' },
    });
    client.setOfferProvider(() => Promise.reject(new Error('no microphone')));
    sandbox.send({ jsonrpc: '2.0', id: 21, method: 'sandbox.offer', params: { callID: 'c2' } });
    expect(await sandbox.next()).toMatchObject({ id: 21, error: { code: -32002, callID: 'c2' } });
    client.setOfferProvider(null);
    sandbox.send({ jsonrpc: '2.0', id: 22, method: 'sandbox.offer', params: { callID: 'c3' } });
    expect(await sandbox.next()).toMatchObject({ id: 22, error: { code: -32002 } });
  });

  it('reports an answer without SDP (a simulated phone answered) and an invite without media', async () => {
    const { client, events, sandbox } = await loggedIn();
    sandbox.send({ jsonrpc: '2.0', id: 30, method: 'verto.answer', params: { callID: 'c1' } });
    expect(await sandbox.next()).toEqual({ jsonrpc: '2.0', id: 30, result: { method: 'verto.answer' } });
    expect(await events.waitFor('answer')).toEqual({ callID: 'c1' });

    const invite = {
      callID: 'c2',
      sdp: '',
      caller_id_name: '',
      caller_id_number: '0312340001',
      callee_id_name: '山田 太郎',
      callee_id_number: '1001',
      display_direction: 'outbound',
    };
    sandbox.send({ jsonrpc: '2.0', id: 31, method: 'verto.invite', params: invite });
    expect(await sandbox.next()).toEqual({ jsonrpc: '2.0', id: 31, result: { method: 'verto.invite' } });
    expect(await events.waitFor('invite')).toMatchObject({
      callID: 'c2',
      remote_caller_id_number: '0312340001',
    });
    const answered = client.answer('c2', '');
    const answer = await sandbox.next();
    expect(answer).toMatchObject({
      method: 'verto.answer',
      params: { sdp: '', dialogParams: { callID: 'c2' } },
    });
    sandbox.send({ jsonrpc: '2.0', id: answer.id, result: { sessid } });
    await answered;
  });

  it('reports what the sandbox says a call is hearing as an event', async () => {
    const { events, sandbox } = await loggedIn();
    const data = {
      action: 'play',
      callID: 'c1',
      kind: 'ivr',
      fileName: 'welcome.wav',
      url: '/api/v1/recording/playFile?fileName=welcome.wav&domainUuid=d',
      loop: false,
    };
    sandbox.send({
      jsonrpc: '2.0',
      id: 40,
      method: 'verto.event',
      params: { eventChannel: 'sandbox.audio', data },
    });
    const event = await events.waitFor('event');
    expect(event.eventChannel).toBe(SANDBOX_AUDIO_CHANNEL);
    expect(sandboxAudioSchema.parse(event.data)).toEqual(data);
  });
});

describe('a dropped socket', () => {
  it('reconnects with back-off, logs in with the same sessid and re-attaches the live call', async () => {
    const server = await startServer();
    const client = createClient({ reconnectDelayMs: 5 });
    const events = recordEvents(client);
    const first = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    const fs1 = await first;
    const login1 = await fs1.acceptLogin();
    await connected;

    const held = client.hold('c1');
    await fs1.next();
    fs1.socket.terminate();
    await expect(held).rejects.toBeInstanceOf(VertoDisconnectedError);
    await events.waitFor('state', (s) => s === 'reconnecting');

    // The first attempt dies during login; the client tries again.
    const fs2 = await server.nextPeer();
    expect(await fs2.next()).toMatchObject({ method: 'login' });
    fs2.socket.terminate();

    const fs3 = await server.nextPeer();
    const login3 = await fs3.acceptLogin();
    expect(login3.params).toEqual(login1.params);
    expect(login3.id).toBeGreaterThan(login1.id as number);

    // What mod_verto sends after a re-login with the same sessid while an answered call lives on.
    fs3.send({ jsonrpc: '2.0', id: 7, method: 'verto.clientReady', params: { reattached_sessions: ['c1'] } });
    const reoffer = {
      callID: 'c1',
      sdp: 'v=0 offer',
      caller_id_name: 'Bob Example',
      caller_id_number: '1002',
      callee_id_name: 'Outbound Call',
      callee_id_number: '1001',
      display_direction: 'outbound',
    };
    fs3.send({ jsonrpc: '2.0', id: 8, method: 'verto.attach', params: reoffer });
    expect(await fs3.next()).toEqual({ jsonrpc: '2.0', id: 8, result: { method: 'verto.attach' } });
    expect(client.state).toBe('ready');
    expect(await events.waitFor('ready', (r) => r.reattachedSessions.length > 0)).toEqual({
      reattachedSessions: ['c1'],
    });
    expect(await events.waitFor('attach')).toMatchObject({ callID: 'c1', remote_caller_id_number: '1002' });

    const attached = client.attach('c1', 'v=0 answer');
    const attach = await fs3.next();
    expect(attach).toMatchObject({
      method: 'verto.attach',
      params: {
        dialogParams: {
          callID: 'c1',
          destination_number: '1001',
          remote_caller_id_name: 'Bob Example',
          remote_caller_id_number: '1002',
          login,
        },
        sdp: 'v=0 answer',
        sessid,
      },
    });
    fs3.send({ jsonrpc: '2.0', id: attach.id, result: { sessid } });
    await attached;
    expect(client.state).toBe('ready');
  });

  it('stops when the re-login is refused', async () => {
    const server = await startServer();
    const client = createClient({ reconnectDelayMs: 5 });
    const events = recordEvents(client);
    const failures: VertoLoginError[] = [];
    client.on('loginFailed', (error) => failures.push(error));
    const first = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    await (await first).acceptLogin();
    await connected;
    (await first).socket.terminate();

    const fs2 = await server.nextPeer();
    const relogin = await fs2.next();
    fs2.send({ jsonrpc: '2.0', id: relogin.id, error: { code: -32001, message: 'Authentication Failure' } });
    await events.waitFor('state', (s) => s === 'closed');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.code).toBe(-32001);
    await fs2.closed;
  });

  it('waits longer after each failed attempt, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, 500, 10_000))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('is noticed by the keep-alive: any reply to echo (even -32601) proves the link, silence does not', async () => {
    const server = await startServer();
    const client = createClient({ keepAliveMs: 20, requestTimeoutMs: 100, reconnectDelayMs: 5 });
    const events = recordEvents(client);
    const first = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    const fs1 = await first;
    await fs1.acceptLogin();
    await connected;

    for (let i = 0; i < 3; i++) {
      const echo = await fs1.next();
      expect(echo).toMatchObject({ method: 'echo', params: { sessid } });
      fs1.send({ jsonrpc: '2.0', id: echo.id, error: { code: -32601, message: 'Invalid Method' } });
    }
    expect(client.state).toBe('ready');

    // Now the server stays silent (socket open but dead): the client gives up on it and reconnects.
    const fs2 = await server.nextPeer();
    await fs2.acceptLogin();
    await fs1.closed;
    // The probe runs again on the new socket once the client is back to 'ready'.
    expect(await fs2.next()).toMatchObject({ method: 'echo' });
    expect(events.seen.filter((e) => e.type === 'state').map((e) => e.payload)).toEqual([
      'connecting',
      'ready',
      'reconnecting',
      'ready',
    ]);
  });
});

describe('robustness', () => {
  it('fails a request that gets no reply in time, and ignores the late reply', async () => {
    const server = await startServer();
    const client = createClient({ requestTimeoutMs: 50 });
    const peer = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    const fs = await peer;
    await fs.acceptLogin();
    await connected;

    const dtmf = client.dtmf('c1', '1');
    const late = await fs.next();
    await expect(dtmf).rejects.toBeInstanceOf(VertoTimeoutError);
    fs.send({ jsonrpc: '2.0', id: late.id, result: { message: 'SENT', sessid } });

    const again = client.dtmf('c1', '2');
    const next = await fs.next();
    fs.send({ jsonrpc: '2.0', id: next.id, result: { message: 'SENT', sessid } });
    await expect(again).resolves.toBeUndefined();
    expect(client.state).toBe('ready');
  });

  it('ignores malformed frames without crashing and keeps working', async () => {
    const server = await startServer();
    const client = createClient();
    const events = recordEvents(client);
    const peer = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    const fs = await peer;
    await fs.acceptLogin();
    await connected;

    fs.send('not json');
    fs.send('{"jsonrpc":"2.0"');
    fs.send('[1,2,3]');
    fs.send(Buffer.from([0xff, 0x00, 0x7b]));
    fs.send({ jsonrpc: '1.0', id: 1, method: 'verto.invite', params: { callID: 'x' } });
    fs.send({ jsonrpc: '2.0', id: 99, result: { message: 'nobody asked' } });
    fs.send({ jsonrpc: '2.0', id: 5, method: 'verto.invite', params: {} });
    // Names a call, so it is acknowledged like verto.js would, but without SDP it rings nothing.
    fs.send({ jsonrpc: '2.0', id: 6, method: 'verto.invite', params: { callID: 'broken' } });
    expect(await fs.next()).toEqual({ jsonrpc: '2.0', id: 6, result: { method: 'verto.invite' } });

    fs.send({
      jsonrpc: '2.0',
      id: 7,
      method: 'verto.bye',
      params: { callID: 'c9', causeCode: 16, cause: 'NORMAL_CLEARING' },
    });
    expect(await fs.next()).toEqual({ jsonrpc: '2.0', id: 7, result: { method: 'verto.bye' } });
    await events.waitFor('bye', (b) => b.callID === 'c9');
    expect(events.count('invite')).toBe(0);
    expect(client.state).toBe('ready');
  });

  it('close() fails waiting requests and does not reconnect', async () => {
    const server = await startServer();
    const client = createClient({ reconnectDelayMs: 5 });
    const peer = server.nextPeer();
    const connected = client.connect(server.url, { login, passwd: 'secret1001', sessid });
    const fs = await peer;
    await fs.acceptLogin();
    await connected;

    const hold = client.hold('c1');
    await fs.next();
    client.close();
    await expect(hold).rejects.toBeInstanceOf(VertoDisconnectedError);
    await fs.closed;
    expect(client.state).toBe('closed');
    await expect(client.hold('c1')).rejects.toBeInstanceOf(VertoDisconnectedError);
  });

  it('rejects connect() when nothing listens', async () => {
    const server = await startServer();
    const url = server.url;
    for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
    const client = createClient();
    await expect(client.connect(url, { login, passwd: 'x' })).rejects.toBeInstanceOf(VertoDisconnectedError);
    expect(client.state).toBe('closed');
  });
});
