import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiResponse, fakeEsl as startFakeEsl, Peer, reply, type FakeEsl } from '../testing/fake-esl';
import { fixture } from '../testing/fixtures';
import { EslClient, EslError, type EslClientOptions } from './esl-client';
import { EslProtocolError, type EslEvent } from './esl-codec';

const frame = (name: string) => fixture(`esl/frames/${name}`);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

async function fakeEsl(): Promise<FakeEsl> {
  const fs = await startFakeEsl();
  cleanups.push(fs.close);
  return fs;
}

function client(port: number, options: Partial<EslClientOptions> = {}): EslClient {
  const c = new EslClient({
    host: '127.0.0.1',
    port,
    password: 'ClueCon',
    events: ['CHANNEL_ANSWER', 'CHANNEL_HANGUP_COMPLETE', 'BACKGROUND_JOB'],
    subclasses: ['sofia::register', 'valet_parking::info'],
    reconnect: { initialDelayMs: 10, maxDelayMs: 40, factor: 2 },
    commandTimeoutMs: 5000,
    jobTimeoutMs: 5000,
    ...options,
  });
  cleanups.push(() => c.stop());
  return c;
}

async function connected(options: Partial<EslClientOptions> = {}) {
  const fs = await fakeEsl();
  const c = client(fs.port, options);
  const ready = once(c, 'connected');
  c.start();
  const peer = await fs.nextPeer();
  const subscription = await peer.accept();
  await ready;
  return { fs, c, peer, subscription };
}

describe('EslClient login', () => {
  it('answers auth/request with the password, subscribes to JSON events, then reports connected', async () => {
    const { c, subscription } = await connected();
    expect(subscription).toBe(
      'event json CHANNEL_ANSWER CHANNEL_HANGUP_COMPLETE BACKGROUND_JOB CUSTOM sofia::register valet_parking::info',
    );
    expect(c.isReady).toBe(true);
  });

  it('reports a wrong password (recorded: -ERR invalid, disconnect notice, close) and keeps retrying', async () => {
    const fs = await fakeEsl();
    const c = client(fs.port);
    const disconnected = once(c, 'disconnected');
    c.start();
    const first = await fs.nextPeer();
    const recorded = fixture('esl/esl-main.rx.raw');
    const afterAuthRequest = recorded.indexOf('Content-Type: command/reply');
    first.write(recorded.subarray(0, afterAuthRequest));
    expect(await first.next()).toBe('auth ClueCon');
    first.write(recorded.subarray(afterAuthRequest));
    first.socket.end();
    const [reason] = (await disconnected) as [EslError];
    expect(reason).toBeInstanceOf(EslError);
    expect(reason.code).toBe('auth-failed');
    expect(reason.reply).toBe('-ERR invalid');
    expect(c.isReady).toBe(false);

    const ready = once(c, 'connected');
    await (await fs.nextPeer()).accept();
    await ready;
    expect(c.isReady).toBe(true);
  });

  it('refuses commands before it is logged in and after stop()', async () => {
    const fs = await fakeEsl();
    const c = client(fs.port);
    await expect(c.api('status')).rejects.toMatchObject({ code: 'not-connected' });
    await expect(c.bgapi('status')).rejects.toMatchObject({ code: 'not-connected' });
    c.start();
    await (await fs.nextPeer()).accept();
    await once(c, 'connected');
    await c.stop();
    await expect(c.api('status')).rejects.toMatchObject({ code: 'not-connected' });
  });
});

describe('EslClient commands', () => {
  it('matches replies to commands in order, even when they arrive in one read', async () => {
    const { c, peer } = await connected();
    const results = Promise.all([
      c.api('show channels as json'),
      c.api('status'),
      c.api('global_getvar local_ip_v4'),
    ]);
    expect([await peer.next(), await peer.next(), await peer.next()]).toEqual([
      'api show channels as json',
      'api status',
      'api global_getvar local_ip_v4',
    ]);
    peer.write(
      Buffer.concat([
        frame('esl-session-api-show-channels-json-empty.reply.frame'),
        frame('esl-session-api-status.reply.frame'),
        frame('esl-session-api-global_getvar.reply.frame'),
      ]),
    );
    const [channels, status, ip] = await results;
    expect(channels).toBe('{"row_count": 0}\n');
    expect(status).toMatch(/^UP 0 years/);
    expect(ip).toBe('127.0.0.1');
  });

  it('rejects on -ERR replies and api error bodies, and stays in step afterwards', async () => {
    const { c, peer } = await connected();
    const unknown = c.command({ type: 'noevents' });
    const missing = c.api('nosuchcommand arg1');
    const usage = c.api('originate');
    const fine = c.api('version');
    for (let i = 0; i < 4; i++) await peer.next();
    peer.write(
      reply('-ERR command not found') +
        apiResponse('-ERR nosuchcommand Command not found!\n') +
        frame('esl-session-api-originate-no-args.reply.frame').toString('utf8') +
        apiResponse('FreeSWITCH Version 1.11.1-release~64bit ( 64bit)\n'),
    );
    await expect(unknown).rejects.toMatchObject({ code: 'rejected', reply: '-ERR command not found' });
    await expect(missing).rejects.toMatchObject({
      code: 'rejected',
      reply: '-ERR nosuchcommand Command not found!',
    });
    await expect(usage).rejects.toMatchObject({ code: 'rejected' });
    await expect(fine).resolves.toBe('FreeSWITCH Version 1.11.1-release~64bit ( 64bit)\n');
  });

  it('times a command out, then swallows its late reply so the next one still matches', async () => {
    const { c, peer } = await connected({ commandTimeoutMs: 50 });
    const slow = c.api('status');
    await peer.next();
    await expect(slow).rejects.toMatchObject({ code: 'timeout' });
    const next = c.api('version');
    await peer.next();
    peer.write(apiResponse('late status\n') + apiResponse('the version\n'));
    await expect(next).resolves.toBe('the version\n');
  });

  it('refuses a command with a line break without writing anything', async () => {
    const { c, peer } = await connected();
    await expect(c.api('status\n\napi hupall')).rejects.toMatchObject({ code: 'rejected' });
    const after = c.api('version');
    expect(await peer.next()).toBe('api version');
    peer.write(apiResponse('v\n'));
    await expect(after).resolves.toBe('v\n');
  });
});

describe('EslClient bgapi', () => {
  const originate =
    "originate {origination_caller_id_number=1002,origination_caller_id_name='Click To Call',ignore_early_media=true,originate_timeout=20}sofia/internal/1001@127.0.0.1:5071 &bridge({origination_caller_id_number=1001,origination_caller_id_name='Extension 1001'}sofia/internal/1002@127.0.0.1:5072)";
  const recordedJob = '2bb2b8b4-d1cf-4d91-9277-1739c5d2fd34';

  it('resolves with the BACKGROUND_JOB carrying its own Job-UUID, arriving in the same read as the reply', async () => {
    const { c, peer } = await connected();
    const events: EslEvent[] = [];
    c.on('event', (e) => events.push(e));
    const result = c.bgapi(originate);
    const [line, jobHeader] = (await peer.next()).split('\n');
    expect(line).toBe(`bgapi ${originate}`);
    const jobUuid = jobHeader?.replace('Job-UUID: ', '') ?? '';
    expect(jobUuid).toMatch(/^[0-9a-f-]{36}$/);
    // Same bytes as recorded, with the Job-UUID FreeSWITCH would echo (same length, so lengths hold).
    const recorded = Buffer.concat([
      frame('esl-c2c-bgapi-originate-c2c-sip-to-sip.reply.frame'),
      frame('esl-c2c-event-json-BACKGROUND_JOB-1.frame'),
    ]);
    peer.write(recorded.toString('utf8').replaceAll(recordedJob, jobUuid));
    await expect(result).resolves.toBe('+OK fe338d5b-1fa2-41d2-9507-a81e9c673813\n');
    expect(events.map((e) => e['Event-Name'])).toEqual(['BACKGROUND_JOB']);
  });

  it('still finds the job when FreeSWITCH answers with a Job-UUID of its own', async () => {
    const { c, peer } = await connected();
    const result = c.bgapi(originate);
    await peer.next();
    peer.write(
      Buffer.concat([
        frame('esl-c2c-bgapi-originate-c2c-sip-to-sip.reply.frame'),
        frame('esl-c2c-event-json-BACKGROUND_JOB-1.frame'),
      ]),
    );
    await expect(result).resolves.toBe('+OK fe338d5b-1fa2-41d2-9507-a81e9c673813\n');
  });

  it('keeps concurrent jobs apart and rejects a job whose result is -ERR', async () => {
    const { c, peer } = await connected();
    const first = c.bgapi('originate user/1099@tenant-a.example &park()');
    const second = c.bgapi('status');
    const uuids = [await peer.next(), await peer.next()].map((cmd) => cmd.split('Job-UUID: ')[1] ?? '');
    const job = (uuid: string, body: string) => {
      const json = JSON.stringify({ 'Event-Name': 'BACKGROUND_JOB', 'Job-UUID': uuid, _body: body });
      return `Content-Length: ${Buffer.byteLength(json)}\nContent-Type: text/event-json\n\n${json}`;
    };
    peer.write(
      reply(`+OK Job-UUID: ${uuids[0]}`, `Job-UUID: ${uuids[0]}\n`) +
        reply(`+OK Job-UUID: ${uuids[1]}`, `Job-UUID: ${uuids[1]}\n`) +
        job(uuids[1]!, 'UP 0 years\n') +
        job(uuids[0]!, '-ERR SUBSCRIBER_ABSENT\n'),
    );
    await expect(second).resolves.toBe('UP 0 years\n');
    await expect(first).rejects.toMatchObject({ code: 'rejected', reply: '-ERR SUBSCRIBER_ABSENT' });
  });

  it('times out a job whose BACKGROUND_JOB never comes', async () => {
    const { c, peer } = await connected({ jobTimeoutMs: 50 });
    const result = c.bgapi('status');
    const uuid = (await peer.next()).split('Job-UUID: ')[1];
    peer.write(reply(`+OK Job-UUID: ${uuid}`, `Job-UUID: ${uuid}\n`));
    await expect(result).rejects.toMatchObject({ code: 'timeout' });
  });
});

describe('EslClient events', () => {
  it('emits every recorded JSON event as a parsed map', async () => {
    const { c, peer } = await connected();
    const names: string[] = [];
    c.on('event', (e) => names.push(`${e['Event-Name']}:${e['Event-Subclass'] ?? ''}`));
    const received = new Promise<void>((resolve) =>
      c.on('event', (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && resolve()),
    );
    peer.write(
      Buffer.concat([
        frame('esl-c2c-event-json-CUSTOM__sofia__register-1.frame'),
        frame('esl-c2c-event-json-CHANNEL_ANSWER-1.frame'),
        frame('esl-c2c-event-json-CHANNEL_HANGUP_COMPLETE-1.frame'),
      ]),
    );
    await received;
    expect(names).toEqual(['CUSTOM:sofia::register', 'CHANNEL_ANSWER:', 'CHANNEL_HANGUP_COMPLETE:']);
  });

  it('survives a listener that throws', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const { c, peer } = await connected();
    c.on('event', () => {
      throw new Error('listener bug');
    });
    peer.write(frame('esl-c2c-event-json-CHANNEL_ANSWER-1.frame'));
    const after = c.api('version');
    await peer.next();
    peer.write(apiResponse('still here\n'));
    await expect(after).resolves.toBe('still here\n');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener bug' }));
  });
});

describe('EslClient reconnection', () => {
  it('rejects what is pending when the connection drops, reconnects, re-subscribes and reports reconnected', async () => {
    const { fs, c, peer, subscription } = await connected();
    const pendingApi = c.api('show channels as json');
    const pendingJob = c.bgapi('status');
    await peer.next();
    await peer.next();
    const disconnected = once(c, 'disconnected');
    const reconnected = once(c, 'reconnected');
    peer.write(
      fixture('esl/esl-c2c.rx.raw').subarray(
        fixture('esl/esl-c2c.rx.raw').lastIndexOf('Content-Type: text/disconnect-notice'),
      ),
    );
    peer.socket.end();
    await expect(pendingApi).rejects.toMatchObject({ code: 'connection-lost' });
    await expect(pendingJob).rejects.toMatchObject({ code: 'connection-lost' });
    const [reason] = (await disconnected) as [EslError];
    expect(reason.message).toContain('Disconnected, goodbye.');

    const second = await fs.nextPeer();
    expect(await second.accept()).toBe(subscription);
    await reconnected;
    const resync = c.api('show channels as json');
    expect(await second.next()).toBe('api show channels as json');
    second.write(frame('esl-session-api-show-channels-json-empty.reply.frame'));
    await expect(resync).resolves.toBe('{"row_count": 0}\n');
  });

  it('backs off exponentially up to the cap while FreeSWITCH is away', async () => {
    const fs = await fakeEsl();
    const stamps: number[] = [];
    fs.server.on('connection', (socket) => {
      stamps.push(performance.now());
      socket.destroy();
    });
    const c = client(fs.port, { reconnect: { initialDelayMs: 20, factor: 10, maxDelayMs: 100 } });
    c.start();
    await vi.waitFor(() => expect(stamps.length).toBeGreaterThanOrEqual(5), { timeout: 5000, interval: 10 });
    await c.stop();
    const gaps = stamps.slice(1).map((t, i) => t - (stamps[i] ?? 0));
    // Uncapped the delays would be 20, 200, 2000, 20000 ms; capped they are 20, 100, 100, 100.
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    for (const gap of gaps.slice(1, 4)) {
      expect(gap).toBeGreaterThanOrEqual(95);
      expect(gap).toBeLessThan(1500);
    }
  });

  it('drops a connection whose byte stream breaks, and comes back', async () => {
    const { fs, c, peer } = await connected();
    const disconnected = once(c, 'disconnected');
    peer.write('Content-Type: api/response\nContent-Length: banana\n\n');
    const [reason] = await disconnected;
    expect(reason).toBeInstanceOf(EslProtocolError);
    const reconnected = once(c, 'reconnected');
    await (await fs.nextPeer()).accept();
    await reconnected;
  });

  it('survives FreeSWITCH going away (socket dropped, reconnects refused) and logs in again when it is back', async () => {
    const { fs, c } = await connected();
    const port = fs.port;
    const reasons: Error[] = [];
    c.on('disconnected', (reason) => reasons.push(reason));
    // FreeSWITCH stops: its connection drops and nothing listens on the port any more.
    await fs.close();
    await vi.waitFor(
      () =>
        expect(
          reasons.filter((r) => (r as { code?: string }).code === 'ECONNREFUSED').length,
        ).toBeGreaterThanOrEqual(3),
      { timeout: 5000, interval: 10 },
    );
    await expect(c.api('status')).rejects.toMatchObject({ code: 'not-connected' });
    // FreeSWITCH is back on the same port.
    const sockets: Socket[] = [];
    const back = createServer((socket) => {
      sockets.push(socket);
      void new Peer(socket).accept();
    });
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => back.close(resolve));
    });
    const reconnected = once(c, 'reconnected');
    back.listen(port, '127.0.0.1');
    await reconnected;
    expect(c.isReady).toBe(true);
  });

  it('stops for good: no reconnection after stop()', async () => {
    const { fs, c } = await connected();
    await c.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.peers).toHaveLength(1);
    expect(c.isReady).toBe(false);
  });
});
