import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FreeswitchSettings } from '../../../config';
import { createSecretBox } from '../../../platform/crypto/secrets';
import { isDatabaseUnavailable } from '../../../platform/db/database-errors';
import type { Database } from '../../../platform/db/client';
import { openTestDatabase } from '../../../testing/test-app';
import type { TenantConfigs } from '../../config';
import type { ConfigKind, EngineEvents } from '../../engine';
import { config, DOMAIN } from '../../routing/testing';
import {
  apiResponse,
  answerCommands,
  fakeEsl,
  idleFreeswitch,
  RESYNC_COMMANDS,
  VERTO_STATUS_NO_CLIENTS,
  type FakeEsl,
  type Peer,
} from '../testing/fake-esl';
import { splitFrames } from '../testing/esl-frames';
import { fixture } from '../testing/fixtures';
import { createFreeswitchEngine, type FreeswitchEngine } from './freeswitch-engine';

const frame = (name: string) => fixture(`esl/frames/${name}`);
const sessionEvents = splitFrames(fixture('esl/esl-session.rx.raw')).filter(
  (f) => f.contentType === 'text/event-json',
);

let database: Database;
const invalidated: [string, ConfigKind | undefined][] = [];
const configs: TenantConfigs = {
  byTenant: async (uuid) => (uuid === config.tenantUuid ? config : null),
  byDomainName: async (name) => (name === DOMAIN ? config : null),
  tenantUuidOf: async (name) => (name === DOMAIN ? config.tenantUuid : null),
  invalidate: (uuid, kind) => void invalidated.push([uuid, kind]),
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const running: { engine: FreeswitchEngine; fs: FakeEsl }[] = [];
afterEach(async () => {
  for (const { engine, fs } of running.splice(0)) {
    await engine.close();
    await fs.close();
  }
});

/** An engine connected to a fake FreeSWITCH (or to `port`); `errors` collects what it reports. */
async function start(port?: number) {
  const fs = await fakeEsl();
  const errors: unknown[] = [];
  const warnings: string[] = [];
  const settings: FreeswitchSettings = {
    esl: { host: '127.0.0.1', port: port ?? fs.port, password: 'ClueCon' },
    xmlSecret: 'x'.repeat(16),
    xmlAllow: ['127.0.0.1'],
    vertoUrl: 'wss://fs.example.jp:8082',
    recordingsPath: '/srv/recordings',
  };
  const engine = createFreeswitchEngine({
    db: database.db,
    secrets: createSecretBox(Buffer.alloc(32)),
    settings,
    configs,
    onError: (error) => errors.push(error),
    onWarning: (message) => warnings.push(message),
    esl: { reconnect: { initialDelayMs: 5, maxDelayMs: 20 } },
  });
  running.push({ engine, fs });
  const events: { [K in keyof EngineEvents]: EngineEvents[K][] } = {
    registration: [],
    callState: [],
    park: [],
    ring: [],
    cdr: [],
    voicemail: [],
  };
  for (const name of Object.keys(events) as (keyof EngineEvents)[]) {
    engine.on(name, (event) => (events[name] as unknown[]).push(event));
  }
  return { fs, engine, errors, warnings, events };
}

/** Resolves when the engine reports an event matching `test`. */
function reported<K extends keyof EngineEvents>(
  engine: FreeswitchEngine,
  name: K,
  test: (event: EngineEvents[K]) => boolean = () => true,
): Promise<EngineEvents[K]> {
  return new Promise((resolve) => {
    const off = engine.on(name, (event) => {
      if (!test(event)) return;
      off();
      resolve(event);
    });
  });
}

/** Resolves with the next `count` events the engine reports under `name`. */
function reportedMany<K extends keyof EngineEvents>(
  engine: FreeswitchEngine,
  name: K,
  count: number,
): Promise<EngineEvents[K][]> {
  const seen: EngineEvents[K][] = [];
  return new Promise((resolve) => {
    const off = engine.on(name, (event) => {
      if (seen.push(event) < count) return;
      off();
      resolve(seen);
    });
  });
}

const EMPTY_CHANNELS = apiResponse('{"row_count": 0}\n');
const EMPTY_LOTS = apiResponse('<lots>\n</lots>\n');
const NO_REGISTRATIONS = apiResponse('{"row_count": 0}\n');
const NO_VERTO_CLIENTS = apiResponse(VERTO_STATUS_NO_CLIENTS);

/** Answers the registration listings that end the resynchronisation. */
async function listRegistrations(
  peer: Peer,
  sip: Buffer | string = NO_REGISTRATIONS,
  verto: Buffer | string = NO_VERTO_CLIENTS,
): Promise<void> {
  expect(await peer.next()).toBe('api show registrations as json');
  peer.write(sip);
  expect(await peer.next()).toBe('api verto xmlstatus');
  peer.write(verto);
}

/** Logs in, then answers the resynchronisation with the given frames (recorded api responses). */
async function connect(
  fs: FakeEsl,
  channels: Buffer | string,
  lots: Buffer | string,
  sip?: Buffer | string,
  verto?: Buffer | string,
): Promise<Peer> {
  const peer = await fs.nextPeer();
  await peer.accept();
  expect(await peer.next()).toBe('api show channels as json');
  peer.write(channels);
  expect(await peer.next()).toBe('api valet_info');
  peer.write(lots);
  await listRegistrations(peer, sip, verto);
  return peer;
}

describe('FreeSWITCH engine: resynchronising', () => {
  it('subscribes to the events it needs, then lists channels and park slots (recorded answers)', async () => {
    const { fs, engine, events } = await start();
    const peer = await fs.nextPeer();
    const subscription = await peer.accept();
    expect(subscription).toBe(
      'event json CHANNEL_CREATE CHANNEL_PROGRESS CHANNEL_CALLSTATE CHANNEL_ANSWER CHANNEL_BRIDGE CHANNEL_UNBRIDGE ' +
        'CHANNEL_PARK CHANNEL_UNPARK CHANNEL_HANGUP CHANNEL_HANGUP_COMPLETE BACKGROUND_JOB CUSTOM valet_parking::info ' +
        'sofia::register sofia::unregister sofia::expire verto::login verto::client_disconnect vm::maintenance',
    );
    const parked = reported(engine, 'park');
    expect(await peer.next()).toBe('api show channels as json');
    peer.write(frame('esl-session-api-show-channels-json-parked.reply.frame'));
    expect(await peer.next()).toBe('api valet_info');
    peer.write(frame('esl-session-api-valet_info-parked.reply.frame'));
    await listRegistrations(peer);
    expect((await parked).slots[0]).toEqual({
      slot: 1,
      extension: '5901',
      occupied: true,
      callerIdNumber: '1002',
      callerIdName: 'Bob Example',
    });
    expect(engine.parkSlots(DOMAIN).filter((s) => s.occupied)).toHaveLength(1);
    expect(events.callState).toEqual([{ domainName: DOMAIN }]);
    expect(engine.callState(DOMAIN)).toEqual([
      {
        uuid: 'b008d916-de86-4baf-931b-8d84793fa96f',
        extension: '',
        application: 'park',
        dest: '5901',
        cid_num: 'tenant-a.example',
        callee_num: '1002',
        sent_callee_num: '',
        direction: 'outbound',
        callstate: 'ACTIVE',
      },
      {
        uuid: '12fd1824-4605-4269-b877-dd38590aad63',
        extension: '',
        application: 'valet_park',
        dest: '5901',
        cid_num: '1002',
        callee_num: 'tenant-a.example',
        sent_callee_num: '',
        direction: 'inbound',
        callstate: 'ACTIVE',
      },
    ]);
    expect(engine.callState('other.example')).toEqual([]);
  });

  it('asks FreeSWITCH which tenant an outside call belongs to when the listing cannot tell', async () => {
    const { fs, engine } = await start();
    const [message] = splitFrames(frame('esl-session-api-show-channels-json-verto.reply.frame'));
    const listed = message!.body
      .toString('utf8')
      .replace('"context":"tenant-a.example"', '"context":"public"');
    const outside = listed.replace('"presence_id":"1001@tenant-a.example"', '"presence_id":""');
    const peer = await fs.nextPeer();
    await peer.accept();
    await peer.next();
    const changed = reported(engine, 'callState');
    peer.write(apiResponse(outside));
    expect(await peer.next()).toBe('api uuid_getvar 4ac85ddf-ae06-4f8b-b5a8-a085e981a719 domain_name');
    peer.write(apiResponse(DOMAIN));
    expect(await peer.next()).toBe('api valet_info');
    peer.write(EMPTY_LOTS);
    await listRegistrations(peer);
    expect(await changed).toEqual({ domainName: DOMAIN });
    expect(engine.callState(DOMAIN).map((c) => [c.uuid.slice(0, 8), c.dest, c.application])).toEqual([
      ['4ac85ddf', '9196', 'echo'],
    ]);
  });

  it('lists afresh after a reconnect: what ended while it was away is gone', async () => {
    const { fs, engine, errors } = await start();
    const parked = reported(engine, 'park');
    const first = await connect(
      fs,
      frame('esl-session-api-show-channels-json-parked.reply.frame'),
      frame('esl-session-api-valet_info-parked.reply.frame'),
    );
    await parked;
    const freed = reported(engine, 'park', (p) => p.slots.every((s) => !s.occupied));
    const emptied = reported(engine, 'callState');
    first.socket.destroy();
    await connect(fs, EMPTY_CHANNELS, EMPTY_LOTS);
    expect((await freed).domainName).toBe(DOMAIN);
    expect(await emptied).toEqual({ domainName: DOMAIN });
    expect(engine.callState(DOMAIN)).toEqual([]);
    expect(engine.parkSlots(DOMAIN).some((s) => s.occupied)).toBe(false);
    // The lost connection is reported once.
    expect(errors).toHaveLength(1);
  });
});

describe('FreeSWITCH engine: presence after a reconnect', () => {
  const SIP_LISTED = frame('esl-session-api-show-registrations-json.reply.frame');
  const VERTO_LISTED = frame('esl-session-api-verto-xmlstatus.reply.frame');
  const bodyOf = (reply: Buffer) => splitFrames(reply)[0]!.body.toString('utf8');
  const signed = (extension: string, registered: boolean, kind: 'sip' | 'verto') => ({
    domainName: DOMAIN,
    extension,
    registered,
    kind,
  });
  const byKindAndExtension = (a: { kind: string; extension: string }, b: typeof a) =>
    a.kind.localeCompare(b.kind) || a.extension.localeCompare(b.extension);

  /** Connects with 1001 signed in on its desk phone and in a browser (the recorded listings). */
  async function signedIn() {
    const started = await start();
    const announced = reportedMany(started.engine, 'registration', 2);
    const peer = await connect(started.fs, EMPTY_CHANNELS, EMPTY_LOTS, SIP_LISTED, VERTO_LISTED);
    expect(await announced).toEqual([signed('1001', true, 'sip'), signed('1001', true, 'verto')]);
    expect(started.engine.registrations(DOMAIN)).toEqual([
      { extension: '1001', kind: 'sip' },
      { extension: '1001', kind: 'verto' },
    ]);
    started.events.registration.length = 0;
    return { ...started, peer };
  }

  it('lists desk phones and browsers at connect, and again after a reconnect', async () => {
    const { fs, engine, events, errors, peer } = await signedIn();
    // While the socket is down, 1001's desk phone unregisters and 1002's registers; 1001's browser
    // socket stays open but is no longer logged in (CONN_NO_REG), and 1002 logs in in a browser.
    const sipAfter = bodyOf(SIP_LISTED).replaceAll('1001', '1002');
    const vertoBody = bodyOf(VERTO_LISTED);
    const client = /<client>[\s\S]*?<\/client>\n/.exec(vertoBody)![0];
    const vertoAfter = vertoBody.replace(
      client,
      client.replace('CONN_REG', 'CONN_NO_REG') +
        client.replace('1001@', '1002@').replace('127.0.0.1:42958', '127.0.0.1:43120'),
    );
    const announced = reportedMany(engine, 'registration', 4);
    peer.socket.destroy();
    await connect(fs, EMPTY_CHANNELS, EMPTY_LOTS, apiResponse(sipAfter), apiResponse(vertoAfter));
    expect((await announced).sort(byKindAndExtension)).toEqual([
      signed('1001', false, 'sip'),
      signed('1002', true, 'sip'),
      signed('1001', false, 'verto'),
      signed('1002', true, 'verto'),
    ]);
    expect(events.registration).toHaveLength(4);
    expect(engine.registrations(DOMAIN)).toEqual([
      { extension: '1002', kind: 'sip' },
      { extension: '1002', kind: 'verto' },
    ]);
    expect(engine.registrations('other.example')).toEqual([]);
    // The presence tab's ready softphones: the verto sign-ins only, of the asked tenant only.
    expect(await engine.softphones(config.tenantUuid)).toEqual(['1002']);
    expect(await engine.softphones('00000000-0000-4000-8000-000000000000')).toEqual([]);
    // The lost connection is reported once; the listings went fine.
    expect(errors).toHaveLength(1);
  });

  it('lets events that arrive during the listing win over it (show registrations lags behind)', async () => {
    const { fs, engine, events, errors } = await start();
    const peer = await fs.nextPeer();
    await peer.accept();
    const commands = answerCommands(peer, (command) => {
      if (command === 'api show registrations as json') {
        // As recorded: 1002 has registered but the listing shows only 1001, which meanwhile unregisters.
        peer.write(frame('esl-session-event-json-CUSTOM__sofia__register-2.frame'));
        peer.write(frame('esl-session-event-json-CUSTOM__sofia__unregister-1.frame'));
        return SIP_LISTED.toString('utf8');
      }
      if (command.startsWith('api sofia_contact ')) return apiResponse('error/user_not_registered');
      return idleFreeswitch(command);
    });
    const announced = reportedMany(engine, 'registration', 3);
    expect(await announced).toEqual([
      signed('1001', true, 'sip'),
      signed('1002', true, 'sip'),
      signed('1001', false, 'sip'),
    ]);
    expect(commands).toEqual([...RESYNC_COMMANDS, `api sofia_contact */1001@${DOMAIN}`]);
    expect(events.registration).toHaveLength(3);
    expect(engine.registrations(DOMAIN)).toEqual([{ extension: '1002', kind: 'sip' }]);
    expect(errors).toEqual([]);
  });

  it('keeps the browsers as they were when verto xmlstatus fails (mod_verto not loaded), reported once', async () => {
    const { fs, engine, events, errors, peer } = await signedIn();
    const notFound = bodyOf(frame('esl-session-api-unknown-command-ERR.reply.frame')).replace(
      'nosuchcommand',
      'verto',
    );
    peer.socket.destroy();
    const again = await connect(fs, EMPTY_CHANNELS, EMPTY_LOTS, NO_REGISTRATIONS, apiResponse(notFound));
    // Held back until the resynchronisation is over, so its announcement says that it is.
    const after = reported(engine, 'registration', (r) => r.extension === '1002');
    again.write(frame('esl-session-event-json-CUSTOM__sofia__register-2.frame'));
    await after;
    expect(events.registration).toEqual([signed('1001', false, 'sip'), signed('1002', true, 'sip')]);
    expect(engine.registrations(DOMAIN)).toEqual([
      { extension: '1002', kind: 'sip' },
      { extension: '1001', kind: 'verto' },
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ code: 'connection-lost' });
    expect(errors[1]).toMatchObject({ code: 'rejected', reply: '-ERR verto Command not found!' });
  });
});

describe('FreeSWITCH engine: an unreachable FreeSWITCH', () => {
  it('is reported once, however many times the engine retries', async () => {
    const { fs, errors } = await start();
    for (let attempt = 0; attempt < 3; attempt++) (await fs.nextPeer()).socket.destroy();
    await fs.nextPeer();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'connection-lost' });
  });
});

describe('FreeSWITCH engine: FreeSWITCH not running at start', () => {
  it('reports the refused Event Socket as FreeSWITCH’s, not as a database that is away', async () => {
    const closed = await fakeEsl();
    await closed.close();
    const { errors } = await start(closed.port);
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect(errors[0]).toMatchObject({ code: 'not-connected' });
    expect(String((errors[0] as Error).message)).toMatch(
      /FreeSWITCH の Event Socket \(127\.0\.0\.1:\d+\) に接続できません: .*ECONNREFUSED/,
    );
    expect(isDatabaseUnavailable(errors[0])).toBe(false);
  });
});

describe('FreeSWITCH engine: the recorded session’s events', () => {
  it('reads "-ERR verto_contact Command not found!" (FreeSWITCH shutting down) as signed out: a warning, no error', async () => {
    const { fs, engine, events, errors, warnings } = await start();
    const peer = await fs.nextPeer();
    await peer.accept();
    // Shutdown: mod_verto and mod_sofia are unloaded before the last sign-outs are checked.
    answerCommands(peer, (command) => {
      const gone = /^api ((sofia|verto)_contact) /.exec(command);
      return gone ? apiResponse(`-ERR ${gone[1]} Command not found!\n`) : idleFreeswitch(command);
    });
    const lastSignOut = reported(engine, 'registration', (r) => r.kind === 'verto' && !r.registered);
    for (const event of sessionEvents) peer.write(event.bytes);
    await lastSignOut;
    expect(events.registration).toContainEqual({
      domainName: DOMAIN,
      extension: '1001',
      registered: false,
      kind: 'verto',
    });
    expect(errors).toEqual([]);
    expect(warnings).toContainEqual(expect.stringContaining('-ERR verto_contact Command not found!'));
    // The presence tab's desk phones: 1002's SIP phone is still registered, 1001's is not.
    const deskPhones = await engine.deskPhones(config.tenantUuid);
    expect(deskPhones).toContainEqual({ extension: '1002', registered: true });
    expect(deskPhones).not.toContainEqual({ extension: '1001', registered: true });
    expect(await engine.deskPhones('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('follows registrations, rings, park slots and channels through the whole session', async () => {
    const { fs, engine, events, errors } = await start();
    const peer = await fs.nextPeer();
    await peer.accept();
    // FreeSWITCH, asked after each sign-out, has no other device of the user left.
    const commands = answerCommands(peer, (command) =>
      /^api (sofia|verto)_contact /.test(command)
        ? apiResponse('error/user_not_registered')
        : idleFreeswitch(command),
    );
    const parkedCalls: string[][] = [];
    engine.on('park', ({ slots }) => {
      if (slots[0]?.occupied)
        parkedCalls.push(engine.callState(DOMAIN).map((c) => `${c.application}:${c.dest}:${c.direction}`));
    });
    const lastSignOut = reported(engine, 'registration', (r) => r.kind === 'verto' && !r.registered);
    for (const event of sessionEvents) peer.write(event.bytes);
    await lastSignOut;

    expect(events.registration).toEqual([
      { domainName: DOMAIN, extension: '1001', registered: true, kind: 'sip' },
      { domainName: DOMAIN, extension: '1002', registered: true, kind: 'sip' },
      { domainName: DOMAIN, extension: '1001', registered: true, kind: 'verto' },
      { domainName: DOMAIN, extension: '1001', registered: false, kind: 'sip' },
      { domainName: DOMAIN, extension: '1001', registered: false, kind: 'verto' },
    ]);
    expect(commands).toContain(`api sofia_contact */1001@${DOMAIN}`);
    expect(commands).toContain(`api verto_contact 1001@${DOMAIN}`);
    expect(engine.registrations(DOMAIN)).toEqual([{ extension: '1002', kind: 'sip' }]);

    expect(
      events.ring.map((r) => [r.extension, r.callerNumber, r.clickToCall, r.callId.slice(0, 8)]),
    ).toEqual([
      // The recorded click-to-call forked to 1001's desk phone and browser without our mark (see ring-notices).
      ['1001', '5551234', true, '5f6f63e3'],
      ['1001', '5551234', true, '855d7ad8'],
      // user/1002, then its bridge to user/1001 ringing two devices: told once.
      ['1002', '1001', false, '803406d6'],
      ['1001', '1002', false, 'dc2f4237'],
      ['1001', '1002', false, '790d182e'],
    ]);

    expect(events.park.map((p) => p.slots[0]?.occupied)).toEqual([true, false, true, false]);
    expect(
      events.park.every((p) => p.domainName === DOMAIN && p.slots.slice(1).every((s) => !s.occupied)),
    ).toBe(true);
    expect(parkedCalls[0]).toContain('valet_park:5901:inbound');

    expect(events.callState.length).toBeGreaterThan(20);
    expect(new Set(events.callState.map((c) => c.domainName))).toEqual(new Set([DOMAIN]));
    expect(engine.callState(DOMAIN)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('FreeSWITCH engine: commands', () => {
  /** A connected engine whose FreeSWITCH answers with `answer`, once its resynchronisation is done. */
  async function idle(answer: (command: string) => string = idleFreeswitch) {
    const started = await start();
    const peer = await started.fs.nextPeer();
    await peer.accept();
    const commands = answerCommands(peer, answer);
    await new Promise<void>((resolve) => {
      const wait = () => (commands.length >= RESYNC_COMMANDS.length ? resolve() : setImmediate(wait));
      wait();
    });
    return { ...started, peer, commands };
  }

  /** Puts a channel of the tenant in the table, as the recorded verto call's CHANNEL_ANSWER does. */
  async function withVertoCall(engine: FreeswitchEngine, peer: Peer) {
    const answered = sessionEvents.find(
      (f) => f.body.includes('"CHANNEL_ANSWER"') && f.body.includes('4ac85ddf-ae06-4f8b-b5a8-a085e981a719'),
    );
    const changed = reported(engine, 'callState');
    peer.write(answered!.bytes);
    await changed;
    return '4ac85ddf-ae06-4f8b-b5a8-a085e981a719';
  }

  it('click-to-call: bgapi originate as recorded, marked so its forks ring the user once', async () => {
    const { engine, commands } = await idle();
    await engine.clickToCall({ domainName: DOMAIN, extension: '1001', dest: '0312345678' });
    const sent = commands.at(-1) ?? '';
    const recorded = frame('esl-session-bgapi-originate-click-to-call.request').toString('utf8').trim();
    const parts = (command: string) => {
      const match = /^bgapi originate \{([^}]*)\}(\S+) (\S+) XML (\S+)$/.exec(command);
      if (!match) throw new Error(`not an originate: ${command}`);
      const names = (match[1] ?? '').split(',').map((v) => v.split('=')[0]);
      return { names: names.sort(), endpoint: match[2], dest: match[3], context: match[4] };
    };
    expect(parts(recorded)).toMatchObject({ endpoint: 'user/1001@tenant-a.example', context: DOMAIN });
    expect(parts(sent)).toEqual({
      names: [...parts(recorded).names, 'tsunagu_c2c'].sort(),
      endpoint: 'user/1001@tenant-a.example',
      dest: '0312345678',
      context: DOMAIN,
    });
    expect(sent).toMatch(
      /^bgapi originate \{origination_caller_id_number=0312345678,origination_caller_id_name='クリック発信',/,
    );
    expect(sent).toMatch(
      /,tsunagu_c2c=[0-9a-f-]{36}\}user\/1001@tenant-a\.example 0312345678 XML tenant-a\.example$/,
    );
  });

  it('click-to-call: refuses an extension that cannot ring, and says so when FreeSWITCH is away', async () => {
    const { fs, engine, commands, peer } = await idle();
    await expect(
      engine.clickToCall({ domainName: DOMAIN, extension: '1004', dest: '0312345678' }),
    ).rejects.toMatchObject({
      failure: 'not-found',
      message: '内線が見つかりません。',
    });
    await expect(
      engine.clickToCall({ domainName: DOMAIN, extension: '1001', dest: '03 1234' }),
    ).rejects.toMatchObject({
      failure: 'invalid',
      message: '電話番号を確認してください。',
    });
    expect(commands).toEqual(RESYNC_COMMANDS);
    peer.socket.destroy();
    await new Promise((resolve) => peer.socket.once('close', resolve));
    const away = await engine
      .clickToCall({ domainName: DOMAIN, extension: '1001', dest: '0312345678' })
      .catch((e: unknown) => e);
    expect(away).toMatchObject({ code: expect.stringMatching(/not-connected|connection-lost/) });
    expect(away).not.toHaveProperty('failure');
    await fs.nextPeer();
  });

  it('click-to-call: refuses a user with no phone signed in (no SIP registration, no browser)', async () => {
    const { engine, commands } = await idle((command) =>
      /_contact /.test(command) ? apiResponse('error/user_not_registered') : idleFreeswitch(command),
    );
    await expect(
      engine.clickToCall({ domainName: DOMAIN, extension: '1001', dest: '0312345678' }),
    ).rejects.toMatchObject({
      failure: 'conflict',
      message: '内線の電話がつながっていません。',
    });
    expect(commands.filter((c) => c.startsWith('bgapi'))).toEqual([]);
  });

  it('hang-up and transfer: uuid_kill and uuid_transfer -bleg, only for the tenant’s own channels', async () => {
    const { engine, peer, commands } = await idle();
    const uuid = await withVertoCall(engine, peer);
    await engine.hangup(DOMAIN, uuid);
    expect(commands.at(-1)).toBe(`api uuid_kill ${uuid}`);
    await engine.transfer(DOMAIN, uuid, '1002');
    expect(commands.at(-1)).toBe(`api uuid_transfer ${uuid} -bleg 1002 XML ${DOMAIN}`);
    const count = commands.length;
    const notFound = { failure: 'not-found', message: '通話が見つかりません。' };
    await expect(engine.hangup('other.example', uuid)).rejects.toMatchObject(notFound);
    await expect(engine.hangup(DOMAIN, '00000000-0000-0000-0000-000000000000')).rejects.toMatchObject(
      notFound,
    );
    await expect(engine.transfer(DOMAIN, uuid, '1001 XML other')).rejects.toMatchObject({
      failure: 'invalid',
      message: '転送先の番号を確認してください。',
    });
    expect(commands).toHaveLength(count);
  });

  it('transfer to a park slot parks the far end (a bare 59NN too); a taken slot refuses and changes nothing', async () => {
    const { engine, peer, commands } = await idle();
    const uuid = await withVertoCall(engine, peer);
    await engine.transfer(DOMAIN, uuid, '5902');
    expect(commands.at(-1)).toBe(`api uuid_transfer ${uuid} -bleg park+5902 XML ${DOMAIN}`);
    const hold = sessionEvents.find(
      (f) => f.body.includes('"valet_parking::info"') && f.body.includes('"hold"'),
    );
    const parked = reported(engine, 'park');
    peer.write(hold!.bytes);
    await parked;
    const count = commands.length;
    await expect(engine.transfer(DOMAIN, uuid, 'park+5901')).rejects.toMatchObject({
      failure: 'conflict',
      message: 'その駐車枠は使用中です。',
    });
    expect(commands).toHaveLength(count);
  });

  it('a channel FreeSWITCH no longer has is "no such call" (recorded -ERR No Such Channel!)', async () => {
    const { engine, peer } = await idle((command) =>
      command.startsWith('api uuid_kill')
        ? frame('esl-session-api-uuid_kill-nosuch-ERR.reply.frame').toString('utf8')
        : idleFreeswitch(command),
    );
    const uuid = await withVertoCall(engine, peer);
    await expect(engine.hangup(DOMAIN, uuid)).rejects.toMatchObject({ failure: 'not-found' });
  });

  describe('recording a call (uuid_record, replies recorded from FreeSWITCH 1.11.1)', () => {
    const recorded = (name: string) => frame(`esl-recording-api-uuid_record-${name}`).toString('utf8');
    /** A command with its channel and file replaced, to compare what is sent with what was recorded. */
    const shape = (command: string) =>
      command
        .trim()
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
        .replace(/\/\S+\.wav/g, '<file>');
    /** A FreeSWITCH that answers uuid_record with the recorded reply `name`. */
    const answering = (name: string) => (command: string) =>
      command.startsWith('api uuid_record') ? recorded(`${name}.reply.frame`) : idleFreeswitch(command);
    const file = `${DOMAIN}/2026/11/28/4ac85ddf-ae06-4f8b-b5a8-a085e981a719.wav`;

    it('starts and stops as recorded, writing into the shared storage', async () => {
      const { engine, peer, commands } = await idle(answering('start'));
      const uuid = await withVertoCall(engine, peer);
      await expect(
        engine.recordCall({ domainName: DOMAIN, channelUuid: uuid, action: 'start', file }),
      ).resolves.toEqual({
        callId: uuid,
      });
      expect(commands.at(-1)).toBe(
        `api uuid_record ${uuid} start /srv/recordings/${file} 0 {RECORD_MIN_SEC=0}`,
      );
      expect(shape(commands.at(-1)!)).toBe(shape(recorded('start.request')));
      await engine.recordCall({ domainName: DOMAIN, channelUuid: uuid, action: 'stop', file });
      expect(shape(commands.at(-1)!)).toBe(shape(recorded('stop.request')));
    });

    it('stopping a recording that is not running says so (-ERR Cannot stop record session!)', async () => {
      const { engine, peer } = await idle(answering('stop-not-recording-ERR'));
      const uuid = await withVertoCall(engine, peer);
      await expect(
        engine.recordCall({ domainName: DOMAIN, channelUuid: uuid, action: 'stop', file }),
      ).rejects.toMatchObject({ failure: 'conflict', message: 'この通話は録音していません。' });
    });

    it('a channel FreeSWITCH no longer has is "no such call" (-ERR Cannot locate session!)', async () => {
      const { engine, peer } = await idle(answering('nosuch-ERR'));
      const uuid = await withVertoCall(engine, peer);
      await expect(
        engine.recordCall({ domainName: DOMAIN, channelUuid: uuid, action: 'start', file }),
      ).rejects.toMatchObject({ failure: 'not-found', message: '通話が見つかりません。' });
    });
  });

  it('configuration changes: forgets the tenant’s answers, and FreeSWITCH’s user cache for extensions', async () => {
    const { engine, commands } = await idle();
    invalidated.length = 0;
    engine.configChanged(config.tenantUuid, 'ringGroup');
    engine.configChanged(config.tenantUuid, 'extension');
    expect(invalidated).toEqual([
      [config.tenantUuid, 'ringGroup'],
      [config.tenantUuid, 'extension'],
    ]);
    await new Promise<void>((resolve) => {
      const wait = () => (commands.includes('api xml_flush_cache') ? resolve() : setImmediate(wait));
      wait();
    });
    expect(commands.filter((c) => c === 'api xml_flush_cache')).toHaveLength(1);
  });

  it('a password reset drops the extension’s SIP registrations (mod_sofia flush_inbound_reg), for the tenant only', async () => {
    const { engine, commands } = await idle((command) =>
      command.startsWith('api sofia profile')
        ? frame('esl-trial-api-sofia-flush_inbound_reg.reply.frame').toString('utf8')
        : idleFreeswitch(command),
    );
    await engine.dropRegistrations(config.tenantUuid, '1001');
    expect(commands.at(-1)).toBe(`api sofia profile internal flush_inbound_reg 1001@${DOMAIN}`);
    const count = commands.length;
    await engine.dropRegistrations('00000000-0000-4000-8000-000000000999', '1001');
    await expect(engine.dropRegistrations(config.tenantUuid, '1001 reboot')).rejects.toMatchObject({
      failure: 'invalid',
    });
    expect(commands).toHaveLength(count);
  });

  it('a password reset fails loudly when the SIP profile is not there (recorded "Invalid Profile", no -ERR)', async () => {
    const { engine } = await idle((command) =>
      command.startsWith('api sofia profile')
        ? frame('esl-trial-api-sofia-flush_inbound_reg-invalid-profile.reply.frame').toString('utf8')
        : idleFreeswitch(command),
    );
    await expect(engine.dropRegistrations(config.tenantUuid, '1001')).rejects.toThrow(
      /Invalid Profile \[nosuch\]/,
    );
  });

  it('the flushed desk phone signs out: the recorded sofia::expire of the trial’s reset of 1003', async () => {
    const { engine, peer, commands } = await idle((command) =>
      command.startsWith('api sofia_contact ')
        ? frame('esl-trial-api-verto_contact-not-signed-in.reply.frame').toString('utf8')
        : idleFreeswitch(command),
    );
    const trial = (extension: string, registered: boolean) => ({
      domainName: 'demo.tsunagu.local',
      extension,
      registered,
      kind: 'sip',
    });
    const registered = reported(engine, 'registration');
    peer.write(frame('esl-trial-event-json-CUSTOM__sofia__register-1.frame'));
    expect(await registered).toEqual(trial('1003', true));
    const expired = reported(engine, 'registration');
    peer.write(frame('esl-trial-event-json-CUSTOM__sofia__expire-1.frame'));
    expect(await expired).toEqual(trial('1003', false));
    expect(commands.at(-1)).toBe('api sofia_contact */1003@demo.tsunagu.local');
  });

  it('tells the server where browsers find mod_verto', async () => {
    const { engine } = await start();
    expect(engine.kind).toBe('freeswitch');
    expect(engine.softphoneUrl).toBe('wss://fs.example.jp:8082');
  });
});
