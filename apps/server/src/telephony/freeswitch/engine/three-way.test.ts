/**
 * The three-way call on a real FreeSWITCH 1.11.1 (fixtures/freeswitch/meta/conference, and
 * meta/three-way-media with Chromium's WebRTC on every call): the engine's own Event Socket session
 * replayed byte for byte — every command it sent is checked against the recorded one before FreeSWITCH's
 * recorded reply goes back — and the calls it shows after each 退出.
 * Yamada (1001) joined two calls and left by verto.modify replace: without media, A replaced the call he
 * took, B and C1 a call he placed, C2 the call he took; with media, D two calls he placed, C1 the placed
 * one of a call placed and one taken.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSecretBox } from '../../../platform/crypto/secrets';
import type { Database } from '../../../platform/db/client';
import { RECORDED_DOMAIN } from '../../../testing/recorded-tenant';
import { openTestDatabase } from '../../../testing/test-app';
import type { TenantConfigs } from '../../config';
import { fakeEsl, type FakeEsl, type Peer } from '../testing/fake-esl';
import { splitFrames, type RawFrame } from '../testing/esl-frames';
import { fixture, fixtureText } from '../testing/fixtures';
import { createFreeswitchEngine, type FreeswitchEngine } from './freeswitch-engine';

/** One recorded Event Socket session of the engine: FreeSWITCH's frames, and the commands it was sent. */
interface Recording {
  received: RawFrame[];
  sent: string[];
}

const recording = (name: string): Recording => ({
  received: splitFrames(fixture(`esl/${name}.rx.raw`)),
  sent: fixtureText(`esl/${name}.tx.raw`)
    .split('\n\n')
    .filter((command) => command !== ''),
});

/** FreeSWITCH's call legs (Unique-ID prefixes, meta/conference/timeline.txt). */
const LEGS = {
  A: { admin: 'eebf155f', suzuki: '1cfdf36c', yamada: ['2c9ef221', '23d4eccb'] },
  B: { suzuki: '92945cf5', admin: 'e2c52127', yamada: ['9521dd37', '5f3913a9'] },
  C1: { suzuki: '9ca5cfac', admin: 'b2a2a20c', yamada: ['afb45c03', 'd1e1fbdf'] },
  C2: { suzuki: 'b0108d38', admin: 'b31d6854', yamada: ['6b5231a7', '6f71e4ee'] },
} as const;

const none: TenantConfigs = {
  byTenant: async () => null,
  byDomainName: async () => null,
  tenantUuidOf: async () => null,
  invalidate: () => undefined,
};

let database: Database;
let fs: FakeEsl;
let engine: FreeswitchEngine;
const errors: unknown[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
afterEach(async () => {
  await engine.close();
  await fs.close();
});

function eventOf(frame: RawFrame): Record<string, string> | null {
  return frame.contentType === 'text/event-json'
    ? (JSON.parse(frame.body.toString('utf8')) as Record<string, string>)
    : null;
}

/** Plays FreeSWITCH's recorded side: each reply only once the engine sent the recorded command. */
class Replay {
  #at = 0;
  #command = 0;
  constructor(
    private readonly peer: Peer,
    private readonly recorded: Recording,
  ) {}

  /** Everything up to (not including) the event that matches; all of it when none does. */
  async until(match: (event: Record<string, string>) => boolean = () => false): Promise<void> {
    const { received, sent } = this.recorded;
    for (; this.#at < received.length; this.#at++) {
      const frame = received[this.#at] as RawFrame;
      const event = eventOf(frame);
      if (event && match(event)) return;
      if (frame.contentType === 'command/reply' || frame.contentType === 'api/response') {
        expect(await this.peer.next()).toBe(sent[this.#command]);
        this.#command++;
      }
      this.peer.write(frame.bytes);
    }
  }

  get commandsLeft(): number {
    return this.recorded.sent.length - this.#command;
  }
}

const hangupOf = (prefix: string) => (event: Record<string, string>) =>
  event['Event-Name'] === 'CHANNEL_HANGUP' && event['Unique-ID']?.startsWith(prefix) === true;

/** The engine's calls of the tenant, as legs: extension and state by Unique-ID prefix. */
const calls = () =>
  Object.fromEntries(
    engine.callState(RECORDED_DOMAIN).map((c) => [c.uuid.slice(0, 8), `${c.extension} ${c.callstate}`]),
  );

/** The engine on a fake FreeSWITCH that plays the named recording's side. */
async function replaying(name: string): Promise<Replay> {
  // What the previous test's teardown reported (its checks cut off by the closed socket) is not this one's.
  errors.length = 0;
  fs = await fakeEsl();
  engine = createFreeswitchEngine({
    db: database.db,
    secrets: createSecretBox(Buffer.alloc(32)),
    settings: {
      esl: { host: '127.0.0.1', port: fs.port, password: 'ClueCon' },
      xmlSecret: 'conference-recording-secret',
      xmlAllow: ['127.0.0.1'],
      vertoUrl: 'ws://127.0.0.1:8081',
      recordingsPath: '/tmp/h20-conf/recordings',
    },
    configs: none,
    onError: (error) => errors.push(error),
    onWarning: () => undefined,
  });
  return new Replay(await fs.nextPeer(), recording(name));
}

describe('three-way call on FreeSWITCH: 退出 (verto.modify replace), recorded', () => {
  it('the engine sends what it sent to the real FreeSWITCH, and shows who still talks after each 退出', async () => {
    const replay = await replaying('esl-conference');

    // A: the call taken is replaced (uuid_bridge of the far ends): admin and suzuki talk on, yamada is gone.
    await replay.until(hangupOf(LEGS.A.admin));
    await vi.waitFor(() =>
      expect(calls()).toEqual({ [LEGS.A.admin]: '1000 ACTIVE', [LEGS.A.suzuki]: '1002 ACTIVE' }),
    );

    // B, C1: a call yamada placed is replaced while FreeSWITCH still had it CF_ORIGINATOR (without DTLS it
    // never answered his leg, so the originate never returned): it hangs up suzuki (ORIGINATOR_CANCEL)
    // and leaves admin alone on hold music. With media up it bridges them (the recording below).
    await replay.until(hangupOf(LEGS.B.admin));
    await vi.waitFor(() => expect(calls()).toEqual({ [LEGS.B.admin]: '1000 ACTIVE' }));
    await replay.until(hangupOf(LEGS.C1.admin));
    await vi.waitFor(() => expect(calls()).toEqual({ [LEGS.C1.admin]: '1000 ACTIVE' }));

    // C2: the same two calls, the one taken replaced: admin and suzuki talk on.
    await replay.until(hangupOf(LEGS.C2.suzuki));
    await vi.waitFor(() =>
      expect(calls()).toEqual({ [LEGS.C2.admin]: '1000 ACTIVE', [LEGS.C2.suzuki]: '1002 ACTIVE' }),
    );

    // The rest: they hang up; late events of ended legs (CHANNEL_ANSWER after the hang-up) bring none back.
    await replay.until();
    expect(replay.commandsLeft).toBe(0);
    await vi.waitFor(() => expect(calls()).toEqual({}));
    expect(errors).toEqual([]);
  });
});

/** The legs of the recording with media (meta/three-way-media/timeline.txt). */
const MEDIA_LEGS = {
  D: { suzuki: '82924806', admin: 'b0615ec4', yamada: ['951a4e40', 'b81b9899'] },
  C1: { suzuki: '053e64c6', admin: '16249059', yamada: ['7b8cd314', '0267cc14'] },
} as const;

const createOf = (prefix: string) => (event: Record<string, string>) =>
  event['Event-Name'] === 'CHANNEL_CREATE' && event['Unique-ID']?.startsWith(prefix) === true;

describe('three-way call on FreeSWITCH with media up (Chromium WebRTC), recorded', () => {
  it('a call placed in the browser is held, and 退出 from two placed calls leaves the other two talking', async () => {
    const replay = await replaying('esl-three-way-media');

    // H: yamada's leg of the call he placed is answered once DTLS is up, bridged, and hold holds it.
    await replay.until(createOf(MEDIA_LEGS.D.yamada[1]));
    await vi.waitFor(() =>
      expect(calls()).toEqual({
        [MEDIA_LEGS.D.yamada[0]]: '1001 HELD',
        [MEDIA_LEGS.D.suzuki]: '1002 ACTIVE',
      }),
    );

    // D: two calls he placed; 退出 replaces one by the other and mod_verto bridges the far ends.
    await replay.until(hangupOf(MEDIA_LEGS.D.suzuki));
    await vi.waitFor(() =>
      expect(calls()).toEqual({ [MEDIA_LEGS.D.admin]: '1000 ACTIVE', [MEDIA_LEGS.D.suzuki]: '1002 ACTIVE' }),
    );
    // Suzuki hangs up: admin's call, now bridged to his, ends with it.
    await replay.until(createOf(MEDIA_LEGS.C1.yamada[0]));
    await vi.waitFor(() => expect(calls()).toEqual({}));

    // C1: a call he placed (held) and one he took; the placed one replaced: admin and suzuki talk on.
    await replay.until(hangupOf(MEDIA_LEGS.C1.suzuki));
    await vi.waitFor(() =>
      expect(calls()).toEqual({
        [MEDIA_LEGS.C1.admin]: '1000 ACTIVE',
        [MEDIA_LEGS.C1.suzuki]: '1002 ACTIVE',
      }),
    );

    await replay.until();
    expect(replay.commandsLeft).toBe(0);
    await vi.waitFor(() => expect(calls()).toEqual({}));
    expect(errors).toEqual([]);
  });
});
