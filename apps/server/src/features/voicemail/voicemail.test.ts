import { randomBytes, randomUUID } from 'node:crypto';
import { reasons, recordingMessages, topics, voicemailMessages } from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, voicemailMessages as messageRows } from '../../platform/db/schema';
import { wavWithHtml } from '../../platform/files/test-audio';
import { createMemoryBus } from '../../platform/realtime';
import { sineWav } from '../../platform/files/wav';
import { pcmWav } from '../../telephony/sandbox/voicemail-message';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { createTestEngine, type TestEngine } from '../../testing/test-engine';

const bus = createMemoryBus();
let t: TestApp;
let engine: TestEngine;
const reloads: { tenantUuid: string; kind: string }[] = [];
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
let owner: { session: TestSession; userUuid: string; extension: string };
let colleague: TestSession;
let noExtension: TestSession;
let outsider: { session: TestSession; extension: string };

const api = (session: TestSession | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.request(session, { method, url: `/api/v1/voicemail/${url}`, ...(payload ? { payload } : {}) });

function multipart(file: { name: string; body: Buffer } | null) {
  const boundary = `----tsunagu${randomBytes(8).toString('hex')}`;
  const parts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.body,
        Buffer.from('\r\n'),
      ]
    : [];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const uploadGreeting = (
  session: TestSession,
  domainUuid: string,
  file: { name: string; body: Buffer } | null,
) =>
  t.request(session, { method: 'POST', url: `/api/v1/voicemail/greeting/${domainUuid}`, ...multipart(file) });

/** Three seconds of tone as the sandbox would keep them. */
const messageWav = () => pcmWav(sineWav({ seconds: 3 }).subarray(44));

/** A message the engine reports for a box, and the moment it is stored. */
async function deposit(domainName: string, extension: string, callerNumber = '09012345678') {
  const sourceId = randomUUID();
  engine.emit('voicemail', {
    domainName,
    extension,
    sourceId,
    callerNumber,
    callerName: '顧客',
    receivedAt: new Date(),
    durationMs: 3000,
    audio: { kind: 'wav', bytes: messageWav() },
  });
  await expect
    .poll(
      async () =>
        (await t.database.db.select().from(messageRows).where(eq(messageRows.sourceId, sourceId))).length,
    )
    .toBe(1);
  return sourceId;
}

beforeAll(async () => {
  engine = createTestEngine();
  engine.configChanged = (tenantUuid, kind) => void reloads.push({ tenantUuid, kind });
  t = await createTestApp({ deps: { engine, bus } });
  tenant = await t.build.tenant();
  const own = await t.build.extension(tenant);
  const user = await t.build.user(tenant, { extensionUuid: own.extensionUuid });
  owner = {
    session: await t.login(user.username, FACTORY_PASSWORD),
    userUuid: user.userUuid,
    extension: own.extension,
  };
  const second = await t.build.extension(tenant);
  colleague = await t.login(
    (await t.build.user(tenant, { extensionUuid: second.extensionUuid })).username,
    FACTORY_PASSWORD,
  );
  noExtension = await t.login((await t.build.user(tenant)).username, FACTORY_PASSWORD);
  other = await t.build.tenant();
  const otherExtension = await t.build.extension(other);
  outsider = {
    session: await t.login(
      (await t.build.user(other, { extensionUuid: otherExtension.extensionUuid })).username,
      FACTORY_PASSWORD,
    ),
    extension: otherExtension.extension,
  };
});
afterAll(() => t.close());

const settings = { enabled: true, onNoAnswer: true, noAnswerSeconds: 15, onBusy: false, ownGreeting: false };

describe('one’s own voicemail box (留守番電話)', () => {
  it('starts switched off; saving the settings is audited and has the engines reload', async () => {
    const first = await api(owner.session, 'GET', `box/${tenant.domainUuid}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      extension: owner.extension,
      settings: { enabled: false, onNoAnswer: true, noAnswerSeconds: 20, onBusy: true, ownGreeting: false },
      greeting: null,
    });
    reloads.splice(0);
    const saved = await api(owner.session, 'POST', `box/${tenant.domainUuid}`, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.settings).toEqual(settings);
    expect(reloads).toEqual([{ tenantUuid: tenant.domainUuid, kind: 'extension' }]);
    const [entry] = await t.database.db
      .select({ detail: auditLog.detail, label: auditLog.targetLabel })
      .from(auditLog)
      .where(and(eq(auditLog.domainUuid, tenant.domainUuid), eq(auditLog.action, 'voicemail.save')));
    expect(entry?.label).toBe(owner.extension);
    expect(entry?.detail).toMatchObject({ changes: { enabled: { before: false, after: true } } });
  });

  it.each([
    ['seconds below the range', { ...settings, noAnswerSeconds: 4 }, '呼出秒数は5秒以上で入力してください。'],
    [
      'seconds above the range',
      { ...settings, noAnswerSeconds: 121 },
      '呼出秒数は120秒以下で入力してください。',
    ],
    ['seconds not whole', { ...settings, noAnswerSeconds: 10.5 }, '呼出秒数は整数で入力してください。'],
    ['a missing switch', { ...settings, enabled: undefined }, '留守番電話の利用を選択してください。'],
    [
      'its own greeting before there is one',
      { ...settings, ownGreeting: true },
      voicemailMessages.greetingNone,
    ],
  ])('refuses %s in Japanese and changes nothing', async (_, body, message) => {
    const res = await api(owner.session, 'POST', `box/${tenant.domainUuid}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
    expect((await api(owner.session, 'GET', `box/${tenant.domainUuid}`)).json().data.settings).toEqual(
      settings,
    );
  });

  it('answers 404 to a user without an extension, and 401 without a session', async () => {
    const res = await api(noExtension, 'GET', `box/${tenant.domainUuid}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(reasons.extensionUnassigned);
    expect((await api(null, 'GET', `box/${tenant.domainUuid}`)).statusCode).toBe(401);
  });

  it('keeps an uploaded greeting as the box’s own, plays it to colleagues, and removes it', async () => {
    const up = await uploadGreeting(owner.session, tenant.domainUuid, { name: '不在.wav', body: sineWav() });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.greeting).toMatchObject({ fileName: '不在.wav' });
    expect(up.json().data.settings.ownGreeting).toBe(true);
    const own = await api(owner.session, 'GET', `greeting/${tenant.domainUuid}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/wav');
    const heard = await api(colleague, 'GET', `greeting/${tenant.domainUuid}?extension=${owner.extension}`);
    expect(heard.rawPayload.equals(own.rawPayload)).toBe(true);
    // Another tenant's user cannot reach it, not even by naming the extension.
    expect((await api(outsider.session, 'GET', `greeting/${tenant.domainUuid}`)).statusCode).toBe(403);
    const gone = await api(owner.session, 'DELETE', `greeting/${tenant.domainUuid}`);
    expect(gone.json().data).toMatchObject({ greeting: null, settings: { ownGreeting: false } });
    expect((await api(owner.session, 'GET', `greeting/${tenant.domainUuid}`)).statusCode).toBe(404);
  });

  it.each([
    ['no file', null, voicemailMessages.greetingMissing],
    ['a text file', { name: 'memo.txt', body: Buffer.from('hello') }, recordingMessages.fileType],
    ['a WAV with HTML appended', { name: 'x.wav', body: wavWithHtml() }, recordingMessages.fileBroken],
  ])('refuses a greeting upload with %s', async (_, file, message) => {
    const res = await uploadGreeting(owner.session, tenant.domainUuid, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
    expect((await api(owner.session, 'GET', `box/${tenant.domainUuid}`)).json().data.greeting).toBeNull();
  });
});

describe('messages in the box', () => {
  it('keeps a message the engine reports once, counts it new, plays, marks heard, deletes it', async () => {
    const sourceId = await deposit(tenant.domainName, owner.extension);
    // A second report of the same message (another instance heard FreeSWITCH too) changes nothing.
    engine.emit('voicemail', {
      domainName: tenant.domainName,
      extension: owner.extension,
      sourceId,
      callerNumber: 'x',
      callerName: '',
      receivedAt: new Date(),
      durationMs: 3000,
      audio: { kind: 'wav', bytes: messageWav() },
    });
    const list = await api(owner.session, 'GET', `messages/${tenant.domainUuid}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.unheard).toBe(1);
    const [message] = list.json().data.messages;
    expect(message).toMatchObject({
      callerNumber: '09012345678',
      callerName: '顧客',
      seconds: 3,
      heard: false,
    });

    const play = await api(owner.session, 'GET', `messages/${tenant.domainUuid}/${message.messageUuid}`);
    expect(play.statusCode).toBe(200);
    expect(play.rawPayload.equals(messageWav())).toBe(true);
    expect(decodeURIComponent(String(play.headers['content-disposition']))).toContain('留守電_09012345678_');

    const heard = await api(owner.session, 'POST', `heard/${tenant.domainUuid}`, {
      messageUuid: message.messageUuid,
      heard: true,
    });
    expect(heard.json().data.unheard).toBe(0);
    expect(heard.json().data.messages[0].heard).toBe(true);

    const deleted = await api(
      owner.session,
      'DELETE',
      `messages/${tenant.domainUuid}/${message.messageUuid}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ messages: [], unheard: 0 });
    expect(
      (await api(owner.session, 'GET', `messages/${tenant.domainUuid}/${message.messageUuid}`)).statusCode,
    ).toBe(404);
  });

  it('keeps another tenant’s and a colleague’s messages invisible and untouchable', async () => {
    await deposit(other.domainName, outsider.extension);
    const theirs = (await api(outsider.session, 'GET', `messages/${other.domainUuid}`)).json().data
      .messages[0];
    expect(theirs).toBeDefined();
    // Another tenant's path is refused; in one's own tenant the message is simply not there.
    expect((await api(owner.session, 'GET', `messages/${other.domainUuid}`)).statusCode).toBe(403);
    for (const session of [owner.session, colleague]) {
      expect((await api(session, 'GET', `messages/${tenant.domainUuid}`)).json().data.messages).toEqual([]);
      const play = await api(session, 'GET', `messages/${tenant.domainUuid}/${theirs.messageUuid}`);
      expect(play.statusCode).toBe(404);
      expect(play.json().msg).toBe(voicemailMessages.messageNotFound);
      const heard = await api(session, 'POST', `heard/${tenant.domainUuid}`, {
        messageUuid: theirs.messageUuid,
        heard: true,
      });
      expect(heard.statusCode).toBe(404);
      expect(
        (await api(session, 'DELETE', `messages/${tenant.domainUuid}/${theirs.messageUuid}`)).statusCode,
      ).toBe(404);
    }
    const still = (await api(outsider.session, 'GET', `messages/${other.domainUuid}`)).json().data;
    expect(still).toMatchObject({
      unheard: 1,
      messages: [{ messageUuid: theirs.messageUuid, heard: false }],
    });
  });

  it('refuses a malformed message id in Japanese', async () => {
    const res = await api(owner.session, 'POST', `heard/${tenant.domainUuid}`, {
      messageUuid: 'x',
      heard: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(voicemailMessages.messageNotFound);
  });

  it('publishes the owner’s new count on their own topic as messages arrive, are heard and deleted', async () => {
    const published: string[] = [];
    await bus.subscribe(topics.voicemail(owner.userUuid), (body) => published.push(body));
    await deposit(tenant.domainName, owner.extension, '0311112222');
    await expect.poll(() => published).toEqual(['1']);
    const [message] = (await api(owner.session, 'GET', `messages/${tenant.domainUuid}`)).json().data.messages;
    await api(owner.session, 'POST', `heard/${tenant.domainUuid}`, {
      messageUuid: message.messageUuid,
      heard: true,
    });
    await api(owner.session, 'POST', `heard/${tenant.domainUuid}`, {
      messageUuid: message.messageUuid,
      heard: false,
    });
    await api(owner.session, 'DELETE', `messages/${tenant.domainUuid}/${message.messageUuid}`);
    expect(published).toEqual(['1', '0', '1', '0']);
  });
});
