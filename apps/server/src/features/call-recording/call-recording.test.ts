/**
 * Call recording through the API: the tenant's setting (who may change it, its rules, the audit), the
 * recordings listed on the call in both histories, their files (tenant-scoped: another tenant cannot see
 * or fetch them), and the retention sweep with a fixed clock.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callRecordingMessages, menuConfig, messages, reasons } from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, callRecordingSettings, callRecordings, calls } from '../../platform/db/schema';
import { sineWav } from '../../platform/files/wav';
import { callRecordingFile, createNoopEngine } from '../../telephony/engine';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { createCallRecordingService } from './call-recording.service';

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type Extension = Awaited<ReturnType<TestApp['build']['extension']>>;
let tenant: Tenant;
let other: Tenant;
let admin: TestSession;
let staff: TestSession;
let staffExtension: Extension;
/** Staff of the tenant who sees no call history screen and was not on the call. */
let bystander: TestSession;
/** Staff of the tenant who sees no call history screen but was on the call. */
let participant: TestSession;
let otherAdmin: TestSession;

const DAY = 86_400_000;
const settingUrl = (domainUuid = tenant.domainUuid) => `/api/v1/callRecording/setting/${domainUuid}`;
const fileUrl = (recordingUuid: string) => `/api/v1/callRecording/file/${recordingUuid}`;
const NO_HISTORY_MENU = menuConfig([2000, 2100, 2200, 2300, 3000, 3100, 3200, 8000, 4000, 4100, 4200, 4300]);

/** A finished recording of `callId` in the tenant: its row and its WAV in the storage. */
async function recorded(owner: Tenant, callId: string, startedAt: Date, seconds = 2) {
  const recordingUuid = randomUUID();
  const wav = sineWav({ seconds });
  const path = join(t.config.dataDir, 'recordings', callRecordingFile(owner.domainUuid, recordingUuid));
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, wav);
  await t.database.db.insert(callRecordings).values({
    recordingUuid,
    domainUuid: owner.domainUuid,
    callId,
    channelUuid: randomUUID(),
    startedAt,
    endedAt: new Date(startedAt.getTime() + seconds * 1000),
    bytes: wav.length,
    seconds,
  });
  return { recordingUuid, path, bytes: wav.length };
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.build.tenant();
  other = await t.build.tenant();
  admin = await t.login((await t.build.user(tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  staffExtension = await t.build.extension(tenant);
  staff = await t.login(
    (await t.build.user(tenant, { extensionUuid: staffExtension.extensionUuid })).username,
    FACTORY_PASSWORD,
  );
  bystander = await t.login(
    (
      await t.build.user(tenant, {
        extensionUuid: (await t.build.extension(tenant)).extensionUuid,
        menu: NO_HISTORY_MENU,
      })
    ).username,
    FACTORY_PASSWORD,
  );
  const participantExtension = await t.build.extension(tenant);
  participant = await t.login(
    (await t.build.user(tenant, { extensionUuid: participantExtension.extensionUuid, menu: NO_HISTORY_MENU }))
      .username,
    FACTORY_PASSWORD,
  );
  otherAdmin = await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  // The participant's own leg of the call the shared recordings below belong to.
  await t.build.call(participantExtension, { callId: 'call-shared', callUuid: randomUUID() });
});
afterAll(() => t.close());

describe('the tenant’s call recording setting', () => {
  it('is off with the default retention until saved; an administrator saves it, audited, and the engines reload', async () => {
    const first = await t.request(staff, { method: 'GET', url: settingUrl() });
    expect(first.json().data).toEqual({ mode: 'off', retentionDays: 90 });

    const saved = await t.request(admin, {
      method: 'POST',
      url: settingUrl(),
      payload: { mode: 'onDemand', retentionDays: 30 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ mode: 'onDemand', retentionDays: 30 });
    expect((await t.request(staff, { method: 'GET', url: settingUrl() })).json().data).toEqual({
      mode: 'onDemand',
      retentionDays: 30,
    });
    expect(t.configChanges).toContainEqual({ tenantUuid: tenant.domainUuid, kind: 'callRecording' });
    const [entry] = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.domainUuid, tenant.domainUuid), eq(auditLog.action, 'callRecording.save')));
    expect(entry?.detail).toEqual({
      changes: { mode: { before: 'off', after: 'onDemand' }, retentionDays: { before: 90, after: 30 } },
    });
  });

  it('refuses staff (403), a bad mode or retention with its Japanese message (400), and another tenant (403)', async () => {
    const payload = { mode: 'always', retentionDays: 30 };
    expect((await t.request(staff, { method: 'POST', url: settingUrl(), payload })).statusCode).toBe(403);
    const badMode = await t.request(admin, {
      method: 'POST',
      url: settingUrl(),
      payload: { mode: 'sometimes', retentionDays: 30 },
    });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().msg).toBe(callRecordingMessages.modeInvalid);
    for (const retentionDays of [0, 3651, 1.5, 'x']) {
      const bad = await t.request(admin, {
        method: 'POST',
        url: settingUrl(),
        payload: { mode: 'always', retentionDays },
      });
      expect(bad.statusCode, String(retentionDays)).toBe(400);
      expect(bad.json().msg).toBe(callRecordingMessages.retentionInvalid);
    }
    const foreign = await t.request(otherAdmin, { method: 'POST', url: settingUrl(), payload });
    expect(foreign.statusCode).toBe(403);
    expect((await t.request(otherAdmin, { method: 'GET', url: settingUrl() })).statusCode).toBe(403);
    const [stored] = await t.database.db
      .select()
      .from(callRecordingSettings)
      .where(eq(callRecordingSettings.domainUuid, tenant.domainUuid));
    expect(stored).toMatchObject({ mode: 'onDemand', retentionDays: 30 });
    expect((await t.request(null, { method: 'GET', url: settingUrl() })).statusCode).toBe(401);
  });
});

describe('recordings on the call', () => {
  it('are listed on the call in the own history and the tenant history', async () => {
    const callId = `call-${randomUUID()}`;
    const start = new Date(Date.now() - 60_000);
    await t.build.call(staffExtension, { callId, callUuid: randomUUID(), startStamp: start, billsec: 5 });
    await t.build.call(staffExtension, {
      callId: `call-${randomUUID()}`,
      callUuid: randomUUID(),
      startStamp: start,
    });
    await t.database.db.insert(calls).values({
      callUuid: randomUUID(),
      domainUuid: tenant.domainUuid,
      callId,
      kind: 'internal',
      startStamp: start,
      endStamp: new Date(start.getTime() + 5000),
      agentExtension: staffExtension.extension,
      agentExtensionUuid: staffExtension.extensionUuid,
      result: 'answered',
      talkSeconds: 5,
    });
    const one = await recorded(tenant, callId, new Date(start.getTime() + 1000), 2);
    const two = await recorded(tenant, callId, new Date(start.getTime() + 3000), 1);

    const own = await t.request(staff, {
      method: 'POST',
      url: '/api/v1/cdr/ext',
      payload: { domainUuid: tenant.domainUuid, extensionUuid: staffExtension.extensionUuid },
    });
    const rows = own.json().data.page.content as { recordings?: { recordingUuid: string }[] }[];
    const withRecordings = rows.filter((row) => row.recordings);
    expect(withRecordings.map((row) => row.recordings?.map((r) => r.recordingUuid))).toEqual([
      [one.recordingUuid, two.recordingUuid],
    ]);

    const history = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/cdr/search',
      payload: { domainUuid: tenant.domainUuid },
    });
    const [call] = history.json().data.content;
    expect(call.recordings).toEqual([
      { recordingUuid: one.recordingUuid, startedAt: expect.any(String), seconds: 2, bytes: one.bytes },
      { recordingUuid: two.recordingUuid, startedAt: expect.any(String), seconds: 1, bytes: two.bytes },
    ]);
  });

  it('serve their WAV to the history’s readers and the call’s participants only; never to another tenant', async () => {
    const { recordingUuid, bytes } = await recorded(tenant, 'call-shared', new Date());
    for (const reader of [admin, staff, participant]) {
      const file = await t.request(reader, { method: 'GET', url: fileUrl(recordingUuid) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('audio/wav');
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename=".*\.wav"; filename\*=UTF-8''/,
      );
      expect(file.rawPayload.length).toBe(bytes);
      expect(file.rawPayload.toString('latin1', 0, 4)).toBe('RIFF');
    }
    for (const refused of [bystander, otherAdmin]) {
      const file = await t.request(refused, { method: 'GET', url: fileUrl(recordingUuid) });
      expect(file.statusCode).toBe(404);
      expect(file.json().msg).toBe(reasons.callRecordingNotFound);
    }
    expect((await t.request(null, { method: 'GET', url: fileUrl(recordingUuid) })).statusCode).toBe(401);
    const malformed = await t.request(admin, { method: 'GET', url: fileUrl('not-a-recording') });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).not.toBe(messages.notFound);
  });

  it('another tenant’s histories never list them', async () => {
    const otherExtension = await t.build.extension(other);
    await t.build.call(otherExtension, { callId: 'call-shared', callUuid: randomUUID() });
    const session = await t.login(
      (await t.build.user(other, { extensionUuid: otherExtension.extensionUuid })).username,
      FACTORY_PASSWORD,
    );
    const own = await t.request(session, {
      method: 'POST',
      url: '/api/v1/cdr/ext',
      payload: { domainUuid: other.domainUuid, extensionUuid: otherExtension.extensionUuid },
    });
    expect(own.json().data.page.content).toHaveLength(1);
    expect(own.json().data.page.content[0].recordings).toBeUndefined();
  });
});

describe('retention', () => {
  it('deletes the recordings (rows and files) older than their tenant’s days, at a fixed instant', async () => {
    const at = new Date('2026-11-28T03:00:00Z');
    // The tenant keeps 30 days (saved above); the other tenant has no setting: 90 days.
    const old = await recorded(tenant, 'call-old', new Date(at.getTime() - 31 * DAY));
    const young = await recorded(tenant, 'call-young', new Date(at.getTime() - 29 * DAY));
    const otherOld = await recorded(other, 'call-other', new Date(at.getTime() - 31 * DAY));
    const otherVeryOld = await recorded(other, 'call-other-2', new Date(at.getTime() - 91 * DAY));
    const service = createCallRecordingService({
      db: t.database.db,
      engine: createNoopEngine(),
      dataDir: t.config.dataDir,
      now: () => at,
    });
    await service.sweep(at);
    const left = new Set(
      (await t.database.db.select({ id: callRecordings.recordingUuid }).from(callRecordings)).map(
        (r) => r.id,
      ),
    );
    expect(left.has(old.recordingUuid)).toBe(false);
    expect(existsSync(old.path)).toBe(false);
    expect(left.has(young.recordingUuid)).toBe(true);
    expect(existsSync(young.path)).toBe(true);
    expect(left.has(otherOld.recordingUuid)).toBe(true);
    expect(left.has(otherVeryOld.recordingUuid)).toBe(false);
    expect(existsSync(otherVeryOld.path)).toBe(false);
  });
});
