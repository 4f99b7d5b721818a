import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import {
  messages,
  recordingQuotaMessage,
  RECORDING_QUOTA_DEFAULT_BYTES,
  type Recording,
  type RecordingStorageUsage,
} from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, recordings } from '../../platform/db/schema';
import { STAGING_DIR } from '../../platform/files/recording-storage';
import { HTML_TRAILER, testMp3, wavWithHtml } from '../../platform/files/test-audio';
import { sineWav } from '../../platform/files/wav';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';
import type { TestSession } from '../../testing/test-app';

// The tenant's built-in recordings and its own campaign.wav, welcome.wav (IVR 5000's greeting) and
// after_hours.wav (group 301's announcement on no answer); the other tenant's other_greeting.wav.
let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  await build.builtInRecordings(k.tenant);
  await build.recording(k.tenant, { recordingName: 'キャンペーン告知', recordingFilename: 'campaign.wav' });
  await build.recording(k.tenant, { recordingName: '代表挨拶', recordingFilename: 'welcome.wav' });
  await build.recording(k.tenant, {
    recordingName: '営業時間外のご案内',
    recordingFilename: 'after_hours.wav',
  });
  await build.ivrMenu(k.tenant, { ivrMenuExtension: '5000', ivrMenuGreetLong: 'welcome.wav' });
  await build.ringGroup(k.tenant, {
    ringGroupExtension: '301',
    ringGroupTimeoutApp: 'lua',
    ringGroupTimeoutData: 'streamfile.lua after_hours.wav',
  });
  await build.recording(k.otherTenant, {
    recordingName: '本社挨拶',
    recordingFilename: 'other_greeting.wav',
  });
});
afterAll(() => k.t.close());

const NOT_FOUND = 'ファイルが見つかりません.';
const BUILT_IN = '標準の音声ファイルは変更・削除・ダウンロードできません。';
const WAV = sineWav({ seconds: 0.5 });
/** An MP3 as most encoders write it: an ID3v2 tag, then whole MPEG-1 Layer III frames. */
const MP3 = testMp3();
const BROKEN = '音声ファイルの形式が正しくないか、音声以外のデータが含まれているため保存できません。';

interface Part {
  name: string;
  body: Buffer | string;
  filename?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----tsunagu${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.filename !== undefined
          ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
          : '') +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body),
    Buffer.from('\r\n'),
  ]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The 'data' part; without a domainUuid it names the caller's own tenant. */
const data = (overrides: object = {}) =>
  JSON.stringify({ recordingUuid: null, recordingName: 'お知らせ', recordingFilename: '', ...overrides });
const upload = (session: TestSession | null, parts: Part[]) =>
  k.t.request(session, { method: 'POST', url: '/api/v1/recording/upload', ...multipart(parts) });
const listOf = async (domainUuid: string, session = k.admin) =>
  (await k.get(session, `/api/v1/recording/${domainUuid}`)).json().data.list as Recording[];
const named = async (filename: string) =>
  (await listOf(k.tenantUuid)).find((r) => r.recordingFilename === filename) as Recording;
const file = (endpoint: 'downloadFile' | 'playFile', query: string, session: TestSession = k.admin) =>
  k.get(session, `/api/v1/recording/${endpoint}?${query}`);
const storedFiles = () => readdirSync(join(k.t.config.dataDir, 'recordings', k.tenantUuid)).sort();
/** Uploads being received: empty whenever no request is running. */
const stagedFiles = () => {
  const dir = join(k.t.config.dataDir, 'recordings', STAGING_DIR);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const usageOf = async (domainUuid: string, session = k.admin) =>
  (await k.get(session, `/api/v1/recording/${domainUuid}`)).json().data.storage as RecordingStorageUsage;
const setQuota = (domainUuid: string, bytes: number) =>
  k.t.database.db
    .update(domains)
    .set({ recordingQuotaBytes: bytes })
    .where(eq(domains.domainUuid, domainUuid));
const storagePath = async (filename: string) => {
  const [row] = await k.t.database.db
    .select()
    .from(recordings)
    .where(and(eq(recordings.domainUuid, k.tenantUuid), eq(recordings.recordingFilename, filename)));
  return join(k.t.config.dataDir, 'recordings', k.tenantUuid, row?.storageName as string);
};
const snapshot = async () => ({
  rows: await k.t.database.db.select().from(recordings),
  files: storedFiles(),
  staged: stagedFiles(),
});

describe('recording list', () => {
  it("lists the tenant's recordings, built-in ones first", async () => {
    const list = await listOf(k.tenantUuid);
    expect(list.map((r) => [r.recordingFilename, r.recordingDescription])).toEqual([
      ['default_welcome.wav', 'DEFAULT'],
      ['default_hold.wav', 'DEFAULT'],
      ['default_closed.wav', 'DEFAULT'],
      ['campaign.wav', null],
      ['welcome.wav', null],
      ['after_hours.wav', null],
    ]);
    expect(list[0]).toEqual({
      recordingUuid: expect.any(String),
      domainUuid: k.tenantUuid,
      recordingName: '標準ガイダンス',
      recordingFilename: 'default_welcome.wav',
      recordingDescription: 'DEFAULT',
    });
    expect(JSON.stringify(list)).not.toMatch(/storage|\.part|recordings\//);
  });

  it('requires a session (401) and a visible menu (403)', async () => {
    expect((await k.get(null, `/api/v1/recording/${k.tenantUuid}`)).statusCode).toBe(401);
    const res = await k.get(k.staff, `/api/v1/recording/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
    const up = await upload(k.staff, [
      { name: 'file', filename: 'a.wav', body: WAV },
      { name: 'data', body: data() },
    ]);
    expect(up.statusCode).toBe(403);
  });
});

describe('recording upload', () => {
  it('refuses a control character in the data part or the file name (400), storing nothing', async () => {
    const before = await listOf(k.tenantUuid);
    for (const [filename, body] of [
      ['a.wav', data({ recordingName: 'お知らせ\u0000' })],
      ['a\u0001.wav', data()],
    ] as const) {
      const res = await upload(k.admin, [
        { name: 'data', body },
        { name: 'file', filename, body: WAV },
      ]);
      expect([res.statusCode, res.json().msg]).toEqual([400, messages.controlCharacter]);
    }
    expect(await listOf(k.tenantUuid)).toEqual(before);
  });

  it('stores a WAV under a generated name in the tenant storage; downloading gives the same bytes', async () => {
    const before = storedFiles();
    const res = await upload(k.admin, [
      { name: 'data', body: data({ domainUuid: k.tenantUuid }) },
      { name: 'file', filename: 'お知らせ.wav', body: WAV },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    expect(await named('お知らせ.wav')).toMatchObject({
      recordingName: 'お知らせ',
      recordingDescription: null,
    });
    const added = storedFiles().filter((f) => !before.includes(f));
    expect(added).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.wav$/)]);
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'recording' });

    const got = await file(
      'downloadFile',
      `fileName=${encodeURIComponent('お知らせ.wav')}&domainUuid=${k.tenantUuid}`,
    );
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('audio/wav');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="____.wav"; filename*=UTF-8''${encodeURIComponent('お知らせ.wav')}`,
    );
    expect(got.rawPayload.equals(WAV)).toBe(true);
  });

  it('accepts an MP3 (ID3 tag and MPEG frames) and serves it as audio/mpeg, nosniff, an attachment', async () => {
    const res = await upload(k.admin, [
      { name: 'file', filename: 'jingle.mp3', body: MP3 },
      { name: 'data', body: data({ recordingName: 'ジングル' }) },
    ]);
    expect(res.statusCode).toBe(200);
    // Played through a fetched Blob, so the player needs no inline file: opened directly, it is saved.
    const played = await file('playFile', 'fileName=jingle.mp3');
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.headers['x-content-type-options']).toBe('nosniff');
    expect(played.headers['content-disposition']).toBe(
      `attachment; filename="jingle.mp3"; filename*=UTF-8''jingle.mp3`,
    );
    expect(played.rawPayload.equals(MP3)).toBe(true);
  });

  const big = Buffer.concat([WAV.subarray(0, 44), Buffer.alloc(20 * 1024 * 1024 - 43)]);
  it.each([
    ['no file', [{ name: 'data', body: data() }], 'ファイルを選択してください。', 400],
    [
      'an empty file input',
      [
        { name: 'file', filename: '', body: '' },
        { name: 'data', body: data() },
      ],
      'ファイルを選択してください。',
      400,
    ],
    [
      'a text file',
      [{ name: 'file', filename: 'memo.txt', body: WAV }],
      '音声ファイル（.mp3 / .wav）を選択してください。',
      400,
    ],
    [
      'a .wav that holds no audio',
      [
        { name: 'file', filename: 'fake.wav', body: 'x'.repeat(500) },
        { name: 'data', body: data() },
      ],
      '音声ファイル（.mp3 / .wav）を選択してください。',
      400,
    ],
    [
      'a .mp3 that holds a WAV',
      [
        { name: 'file', filename: 'fake.mp3', body: WAV },
        { name: 'data', body: data() },
      ],
      '音声ファイル（.mp3 / .wav）を選択してください。',
      400,
    ],
    [
      'a WAV with HTML appended after its data chunk',
      [
        { name: 'file', filename: 'page.wav', body: wavWithHtml() },
        { name: 'data', body: data() },
      ],
      BROKEN,
      400,
    ],
    [
      'an MP3 with HTML after its last frame',
      [
        { name: 'file', filename: 'page.mp3', body: Buffer.concat([MP3, HTML_TRAILER]) },
        { name: 'data', body: data() },
      ],
      BROKEN,
      400,
    ],
    [
      'a name with a space',
      [
        { name: 'file', filename: 'a b.wav', body: WAV },
        { name: 'data', body: data() },
      ],
      'ファイル名に空白や使用できない文字（/ \\ など）が含まれています。',
      400,
    ],
    [
      'no recording name',
      [
        { name: 'file', filename: 'noname.wav', body: WAV },
        { name: 'data', body: data({ recordingName: ' ' }) },
      ],
      '名前を入力してください。',
      400,
    ],
    [
      'a file over 20 MB',
      [
        { name: 'data', body: data() },
        { name: 'file', filename: 'big.wav', body: big },
      ],
      'ファイルサイズは20MB以下にしてください。',
      400,
    ],
    [
      'unreadable data',
      [
        { name: 'file', filename: 'x.wav', body: WAV },
        { name: 'data', body: '{broken' },
      ],
      messages.invalidJson,
      400,
    ],
    [
      'a filename the tenant already has',
      [
        { name: 'file', filename: 'welcome.wav', body: WAV },
        { name: 'data', body: data() },
      ],
      '同じファイル名の音声ファイルが既に登録されています。',
      409,
    ],
    [
      'another tenant named in data',
      [
        { name: 'file', filename: 'x.wav', body: WAV },
        { name: 'data', body: data({ domainUuid: '00000000-0000-4000-8000-000000000000' }) },
      ],
      messages.otherTenant,
      403,
    ],
  ] as [string, Part[], string, number][])(
    'refuses %s, leaving no row and no file behind',
    async (_n, parts, msg, status) => {
      const before = await snapshot();
      const res = await upload(k.admin, parts);
      expect(res.statusCode).toBe(status);
      expect(res.json().msg).toBe(msg);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([
    ['a body that is no multipart at all', 'multipart/form-data; boundary=abc', 'garbage'],
    ['a multipart type without boundary', 'multipart/form-data', '--x\r\n'],
    [
      'a form cut off mid-file',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF',
    ],
  ])('answers 400 for %s', async (_n, type, payload) => {
    const res = await k.t.request(k.admin, {
      method: 'POST',
      url: '/api/v1/recording/upload',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.badRequest);
  });

  it("lets the provider upload into the tenant its 'data' part names", async () => {
    const res = await upload(k.sp, [
      { name: 'file', filename: 'provided.wav', body: WAV },
      { name: 'data', body: data({ domainUuid: k.otherTenantUuid, recordingName: '提供' }) },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await listOf(k.otherTenantUuid, k.adminB)).map((r) => r.recordingFilename)).toContain(
      'provided.wav',
    );
    expect((await listOf(k.tenantUuid)).map((r) => r.recordingFilename)).not.toContain('provided.wav');
  });

  it('refuses a provider upload into a tenant that does not exist (404), leaving no file behind', async () => {
    const before = await snapshot();
    const res = await upload(k.sp, [
      { name: 'file', filename: 'nowhere.wav', body: WAV },
      { name: 'data', body: data({ domainUuid: '00000000-0000-4000-8000-000000000000' }) },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(messages.notFound);
    expect(await snapshot()).toEqual(before);
  });

  it('a path in the file name is reduced to its last part, never a place to write', async () => {
    const res = await upload(k.admin, [
      { name: 'file', filename: '../../evil.wav', body: WAV },
      { name: 'data', body: data({ recordingName: 'evil' }) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await named('evil.wav')).toBeDefined();
    expect(storedFiles().every((f) => /^[0-9a-f-]{36}\.(wav|mp3)$/.test(f))).toBe(true);
  });
});

describe('storage quota', () => {
  afterAll(async () => {
    await setQuota(k.tenantUuid, RECORDING_QUOTA_DEFAULT_BYTES);
    await setQuota(k.otherTenantUuid, RECORDING_QUOTA_DEFAULT_BYTES);
  });
  const wavPart = (filename: string) => [
    { name: 'file', filename, body: WAV },
    { name: 'data', body: data({ recordingName: filename }) },
  ];

  it("lists the usage of the tenant's own uploads (not the built-in files) and its quota, 100 MB by default", async () => {
    const rows = await k.t.database.db
      .select()
      .from(recordings)
      .where(eq(recordings.domainUuid, k.tenantUuid));
    const own = rows.filter((r) => r.recordingDescription === null).reduce((sum, r) => sum + r.sizeBytes, 0);
    expect(own).toBeGreaterThan(0);
    expect(await usageOf(k.tenantUuid)).toEqual({ usedBytes: own, quotaBytes: 100 * 1024 * 1024 });
  });

  it('refuses an upload beyond the quota, naming the limit and the usage, and keeps nothing of it', async () => {
    const { usedBytes } = await usageOf(k.tenantUuid);
    await setQuota(k.tenantUuid, usedBytes + WAV.length - 1);
    const before = await snapshot();
    const res = await upload(k.admin, wavPart('over.wav'));
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(recordingQuotaMessage({ usedBytes, quotaBytes: usedBytes + WAV.length - 1 }));
    expect(await snapshot()).toEqual(before);

    await setQuota(k.tenantUuid, usedBytes + WAV.length);
    const fits = await upload(k.admin, wavPart('fits.wav'));
    expect(fits.statusCode).toBe(200);
    expect(fits.json().data.storage).toEqual({
      usedBytes: usedBytes + WAV.length,
      quotaBytes: usedBytes + WAV.length,
    });
  });

  it("is per tenant: a full tenant stops neither another's uploads nor counts its files", async () => {
    const own = await usageOf(k.tenantUuid);
    expect(own.usedBytes).toBe(own.quotaBytes);
    const other = await usageOf(k.otherTenantUuid, k.adminB);
    const res = await upload(k.adminB, wavPart('b-only.wav'));
    expect(res.statusCode).toBe(200);
    expect(await usageOf(k.otherTenantUuid, k.adminB)).toEqual({
      ...other,
      usedBytes: other.usedBytes + WAV.length,
    });
    expect(await usageOf(k.tenantUuid)).toEqual(own);
    // And the other way round: the other tenant's full storage does not stop the tenant.
    await setQuota(k.otherTenantUuid, 0);
    await setQuota(k.tenantUuid, RECORDING_QUOTA_DEFAULT_BYTES);
    expect((await upload(k.adminB, wavPart('b-more.wav'))).statusCode).toBe(413);
    expect((await upload(k.admin, wavPart('a-more.wav'))).statusCode).toBe(200);
  });

  it('frees the room of a deleted recording', async () => {
    const before = await usageOf(k.tenantUuid);
    const target = await named('a-more.wav');
    expect((await k.del(k.admin, `/api/v1/recording/${target.recordingUuid}`)).statusCode).toBe(200);
    expect(await usageOf(k.tenantUuid)).toEqual({ ...before, usedBytes: before.usedBytes - WAV.length });
  });

  it('lets only one of two simultaneous uploads take the last room (the tenant row is locked)', async () => {
    const { usedBytes } = await usageOf(k.tenantUuid);
    await setQuota(k.tenantUuid, usedBytes + WAV.length);
    const [a, b] = await Promise.all([
      upload(k.admin, wavPart('race-a.wav')),
      upload(k.admin, wavPart('race-b.wav')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 413]);
    expect((await usageOf(k.tenantUuid)).usedBytes).toBe(usedBytes + WAV.length);
    expect(stagedFiles()).toEqual([]);
  });
});

describe('recording download and play', () => {
  it.each([
    ['a relative path out of the storage', 'fileName=../../etc/passwd'],
    ['an encoded relative path', 'fileName=..%2F..%2F..%2Fetc%2Fpasswd'],
    ['an absolute path', 'fileName=/etc/passwd'],
    ["another tenant's file name", 'fileName=other_greeting.wav'],
    ['a stored name instead of a filename', 'fileName=00000000-0000-4000-8000-000000000000.wav'],
    ['no name', 'fileName='],
  ])('answers 404 for %s', async (_n, query) => {
    const res = await file('downloadFile', `${query}&domainUuid=${k.tenantUuid}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(NOT_FOUND);
  });

  it('refuses a malformed tenant id (400)', async () => {
    expect((await file('downloadFile', 'fileName=welcome.wav&domainUuid=../x', k.sp)).statusCode).toBe(400);
  });

  it("refuses another tenant's storage (403) unless the caller is the provider", async () => {
    const res = await file('downloadFile', `fileName=other_greeting.wav&domainUuid=${k.otherTenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
    const play = await file('playFile', `fileName=other_greeting.wav&domainUuid=${k.otherTenantUuid}`);
    expect(play.statusCode).toBe(403);
    expect(play.json().msg).toBe(messages.otherTenant);
    const sp = await file(
      'downloadFile',
      `fileName=other_greeting.wav&domainUuid=${k.otherTenantUuid}`,
      k.sp,
    );
    expect(sp.statusCode).toBe(200);
  });

  it('plays built-in recordings but never downloads them', async () => {
    const download = await file('downloadFile', 'fileName=default_welcome.wav');
    expect(download.statusCode).toBe(403);
    expect(download.json().msg).toBe(BUILT_IN);
    const play = await file('playFile', 'fileName=default_welcome.wav');
    expect(play.statusCode).toBe(200);
    expect(play.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('treats a stored file under 100 bytes, or a missing one, as not found', async () => {
    truncateSync(await storagePath('jingle.mp3'), 99);
    const small = await file('playFile', 'fileName=jingle.mp3');
    expect(small.statusCode).toBe(404);
    expect(small.json().msg).toBe(NOT_FOUND);
    rmSync(await storagePath('お知らせ.wav'));
    const missing = await file('downloadFile', `fileName=${encodeURIComponent('お知らせ.wav')}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(NOT_FOUND);
  });
});

describe('recording rename and delete', () => {
  it('renames a recording (its filename stays)', async () => {
    const target = await named('campaign.wav');
    const res = await k.post(k.admin, '/api/v1/recording', { ...target, recordingName: '春のキャンペーン' });
    expect(res.statusCode).toBe(200);
    expect(await named('campaign.wav')).toMatchObject({ recordingName: '春のキャンペーン' });
  });

  it('refuses an empty name with its message', async () => {
    const target = await named('campaign.wav');
    const res = await k.post(k.admin, '/api/v1/recording', { ...target, recordingName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('名前を入力してください。');
  });

  it('never edits or deletes a built-in recording', async () => {
    const before = await snapshot();
    const target = await named('default_hold.wav');
    const edit = await k.post(k.admin, '/api/v1/recording', { ...target, recordingName: '改名' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe(BUILT_IN);
    const del = await k.del(k.admin, `/api/v1/recording/${target.recordingUuid}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().msg).toBe(BUILT_IN);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a recording a ring group or an IVR still plays', async () => {
    const uses = { 'welcome.wav': 'IVR 5000 のアナウンス', 'after_hours.wav': 'グループ 301 の不在時の動作' };
    for (const [filename, use] of Object.entries(uses)) {
      const res = await k.del(k.admin, `/api/v1/recording/${(await named(filename)).recordingUuid}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(`使用中: ${use}`);
    }
  });

  it('deletes a recording and its stored file', async () => {
    const path = await storagePath('campaign.wav');
    const target = await named('campaign.wav');
    expect((await k.del(k.admin, `/api/v1/recording/${target.recordingUuid}`)).statusCode).toBe(200);
    expect(await named('campaign.wav')).toBeUndefined();
    expect(storedFiles()).not.toContain(path.split('/').at(-1));
    expect((await k.del(k.admin, `/api/v1/recording/${target.recordingUuid}`)).statusCode).toBe(404);
  });
});

describe("another tenant's recordings", () => {
  it('are invisible: each tenant lists its own, and reading the tenant is 403', async () => {
    expect((await listOf(k.otherTenantUuid, k.adminB)).map((r) => r.recordingFilename)).not.toContain(
      'welcome.wav',
    );
    const res = await k.get(k.adminB, `/api/v1/recording/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
    const download = await file('downloadFile', 'fileName=welcome.wav', k.adminB);
    expect(download.statusCode).toBe(404);
    const play = await file('playFile', 'fileName=welcome.wav', k.adminB);
    expect(play.statusCode).toBe(404);
    expect(play.json().msg).toBe(NOT_FOUND);
  });

  it('are immutable: renaming or deleting the tenant’s recording by id fails and changes nothing', async () => {
    const target = await named('welcome.wav');
    const before = await snapshot();
    const edit = await k.post(k.adminB, '/api/v1/recording', {
      ...target,
      domainUuid: undefined,
      recordingName: 'x',
    });
    expect(edit.statusCode).toBe(404);
    expect((await k.post(k.adminB, '/api/v1/recording', { ...target, recordingName: 'x' })).statusCode).toBe(
      403,
    );
    expect((await k.del(k.adminB, `/api/v1/recording/${target.recordingUuid}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
