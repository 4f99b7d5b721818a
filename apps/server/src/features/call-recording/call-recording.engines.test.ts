/**
 * Call recording on both engines through the one service: on the sandbox the record button's start and
 * stop write the call's (simulated) audio as a WAV under the tenant's storage, a recording running at
 * hang-up is finished with the call, 'always' records every connected call, and the refusals (off,
 * another's channel, not connected, storage full) come with their Japanese texts. On FreeSWITCH a tenant
 * recording every call gets record_session in its dialplan before the bridge.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, callRecordingQuotaMessage, reasons, type CallRecordingSetting } from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/audit/audited-transaction';
import type { Db } from '../../platform/db/client';
import { auditLog, callRecordings, domains, users } from '../../platform/db/schema';
import { storageUsage } from '../../platform/tenants/storage-usage';
import { callRecordingFile, type TelephonyEngine } from '../../telephony/engine';
import { executed } from '../../telephony/freeswitch/testing/dialplan-reading';
import {
  recordedForm,
  startXmlExchange,
  type XmlExchange,
} from '../../telephony/freeswitch/testing/xml-exchange';
import { DEMO, startSandbox, type SandboxKit, type ScriptedPhone } from '../../telephony/sandbox/testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCallRecordingService } from './call-recording.service';

/** A demo user as the acting user. */
async function actorOf(db: Db, username: string): Promise<Actor> {
  const [row] = await db
    .select({ user: users, domainName: domains.domainName })
    .from(users)
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .where(eq(users.username, username));
  if (!row) throw new Error(`no demo user ${username}`);
  const { user, domainName } = row;
  return {
    auth: { ...user, sessionUuid: randomUUID(), username: user.username, domainName },
    ip: '127.0.0.1',
  };
}

/** What the service refused with: its status and text. */
async function refusal(work: Promise<unknown>): Promise<[number, string]> {
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`not refused: ${String(error)}`);
  return [error.status, error.message];
}

describe('call recording on the sandbox', () => {
  let kit: SandboxKit;
  let dataDir: string;
  let service: ReturnType<typeof createCallRecordingService>;
  let yamada: Actor;
  let tenantUuid: string;
  let clock: number;
  const advance = (ms: number) => kit.setClock((clock += ms));
  const setting = (value: CallRecordingSetting) => service.saveSetting(yamada, tenantUuid, value);
  const rows = () =>
    kit.t.database.db.select().from(callRecordings).where(eq(callRecordings.domainUuid, tenantUuid));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tsunagu-call-recording-'));
    clock = Date.parse('2026-11-30T01:00:00Z');
    kit = await startSandbox({ recordingsDir: join(dataDir, 'recordings') });
    kit.setClock(clock);
    service = createCallRecordingService({ db: kit.t.database.db, engine: kit.engine, dataDir });
    yamada = await actorOf(kit.t.database.db, 'yamada');
    tenantUuid = kit.demoUuid;
  });
  afterAll(async () => {
    await kit.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `from` calls `to`'s extension and `to` answers; returns both channels. */
  async function connected(from: ScriptedPhone, to: ScriptedPhone, extension: string) {
    const callID = await from.dial(extension, `v=0 offer ${from.login}`);
    const rung = String((await to.next('verto.invite')).params.callID);
    await to.answer(rung, `v=0 answer ${to.login}`);
    await from.next('verto.answer', callID);
    return { callID, rung };
  }

  /** The engine's call record of a leg, handed to the service as the feature's subscriber does. */
  async function ended(channelUuid: string) {
    const event = await kit.events.take('cdr', (record) => record.callUuid === channelUuid);
    await service.legEnded(event);
    return event;
  }

  it('records on demand: 録音 writes nothing yet, 録音停止 leaves a WAV of the recorded span on the call', async () => {
    await setting({ mode: 'onDemand', retentionDays: 30 });
    const [caller, callee] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const { callID, rung } = await connected(caller, callee, '1002');

    const started = await service.start(yamada, tenantUuid, callID);
    expect(started).toEqual({ recording: true, recordingUuid: expect.any(String) });
    const path = join(dataDir, 'recordings', callRecordingFile(tenantUuid, started.recordingUuid as string));
    expect(await refusal(service.start(yamada, tenantUuid, callID))).toEqual([
      409,
      reasons.callRecordingRunning,
    ]);
    advance(3000);
    expect(await service.stop(yamada, tenantUuid, callID)).toEqual({
      recording: false,
      recordingUuid: started.recordingUuid,
    });
    const wav = readFileSync(path);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.length).toBe(44 + 3 * 8000 * 2);
    const [row] = await rows();
    expect(row).toMatchObject({ callId: callID, channelUuid: callID, seconds: 3, bytes: wav.length });
    expect(row?.endedAt).toBeInstanceOf(Date);
    expect(await refusal(service.stop(yamada, tenantUuid, callID))).toEqual([
      409,
      reasons.callRecordingNotRunning,
    ]);

    // Not on one's own channel: the callee's leg is suzuki's.
    expect(await refusal(service.start(yamada, tenantUuid, rung))).toEqual([404, reasons.callNotFound]);

    // Started again and left running: the hang-up finishes it with the call.
    const again = await service.start(yamada, tenantUuid, callID);
    advance(2000);
    await caller.bye(callID);
    await ended(callID);
    const second = (await rows()).find((r) => r.recordingUuid === again.recordingUuid);
    expect(second).toMatchObject({ callId: callID, seconds: 2, bytes: 44 + 2 * 8000 * 2 });

    const audit = await kit.t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.domainUuid, tenantUuid), eq(auditLog.target, started.recordingUuid as string)));
    expect(audit.map((a) => a.action).sort()).toEqual(['callRecording.end', 'callRecording.start']);
    caller.close();
    callee.close();
  });

  it('refuses when the tenant does not record on demand, before answer, and when the storage is full', async () => {
    const [caller, callee] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const ringing = await caller.dial('1002');
    const rung = String((await callee.next('verto.invite')).params.callID);
    expect(await refusal(service.start(yamada, tenantUuid, ringing))).toEqual([
      409,
      reasons.callRecordingNotConnected,
    ]);
    await callee.answer(rung, 'v=0 answer');
    await caller.next('verto.answer', ringing);

    await setting({ mode: 'off', retentionDays: 30 });
    expect(await refusal(service.start(yamada, tenantUuid, ringing))).toEqual([
      409,
      reasons.callRecordingOff,
    ]);

    await setting({ mode: 'onDemand', retentionDays: 30 });
    // Uploads and earlier recordings fill the tenant's storage to its quota exactly.
    const usage = await storageUsage(kit.t.database.db, tenantUuid);
    const usedBytes = usage?.usedBytes ?? 0;
    expect(usedBytes).toBeGreaterThan(0);
    await kit.t.database.db
      .update(domains)
      .set({ recordingQuotaBytes: usedBytes })
      .where(eq(domains.domainUuid, tenantUuid));
    const full = await refusal(service.start(yamada, tenantUuid, ringing));
    expect(full).toEqual([409, callRecordingQuotaMessage({ usedBytes, quotaBytes: usedBytes })]);
    expect(full[1]).toMatch(/^保存容量の上限（.+ MB）に達しているため録音できません。現在の使用量: .+ MB$/);
    await kit.t.database.db
      .update(domains)
      .set({ recordingQuotaBytes: 100 * 1024 * 1024 })
      .where(eq(domains.domainUuid, tenantUuid));
    await caller.bye(ringing);
    caller.close();
    callee.close();
  });

  it('records every connected call when the tenant records always, named after the calling leg', async () => {
    await setting({ mode: 'always', retentionDays: 30 });
    const [caller, callee] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const { callID } = await connected(caller, callee, '1002');
    expect(await refusal(service.start(yamada, tenantUuid, callID))).toEqual([409, reasons.callRecordingOff]);
    advance(2000);
    await caller.bye(callID);
    await ended(callID);
    const path = join(dataDir, 'recordings', callRecordingFile(tenantUuid, callID));
    expect(existsSync(path)).toBe(true);
    const row = (await rows()).find((r) => r.recordingUuid === callID.toLowerCase());
    expect(row).toMatchObject({ callId: callID, channelUuid: callID, startedBy: null, seconds: 2 });
    caller.close();
    callee.close();
  });
});

describe('call recording in the FreeSWITCH dialplan', () => {
  let t: TestApp;
  let exchange: XmlExchange;
  let engine: TelephonyEngine;
  beforeAll(async () => {
    t = await createTestApp();
    exchange = await startXmlExchange(t);
    engine = exchange.engine;
  });
  afterAll(async () => {
    await exchange.close();
    await t.close();
    expect(exchange.errors).toEqual([]);
  });

  /** The recorded verto invite, as extension 1000 dialling `number`; what the answer makes FreeSWITCH run. */
  const dial = async (number: string, recordingAlready = false) => {
    const form = recordedForm('22-dialplan-verto-invite-9196', {
      'Caller-Destination-Number': number,
      'Caller-Caller-ID-Number': '1000',
      variable_user_name: '1000',
    });
    const expand = (field: string) => (recordingAlready && field === '${tsunagu_recording}' ? 'true' : '');
    return executed((await exchange.post(form)).body, number, expand);
  };
  const save = async (mode: CallRecordingSetting['mode']) => {
    const admin = await actorOf(t.database.db, 'admin');
    const service = createCallRecordingService({ db: t.database.db, engine, dataDir: t.config.dataDir });
    await service.saveSetting(admin, admin.auth.domainUuid, { mode, retentionDays: 30 });
    return admin.auth.domainUuid;
  };

  it('runs record_session into the tenant’s storage before the bridge when the tenant records always', async () => {
    expect((await dial('1002')).map(([app]) => app)).not.toContain('record_session');
    const tenantUuid = await save('always');
    const apps = await dial('1002');
    const at = apps.findIndex(([app]) => app === 'record_session');
    expect(apps.slice(at - 3, at + 1)).toEqual([
      ['set', 'tsunagu_recording=true'],
      ['set', 'media_bug_answer_req=true'],
      ['set', 'RECORD_MIN_SEC=0'],
      ['record_session', `${exchange.settings.recordingsPath}/${tenantUuid}/calls/\${uuid}.wav`],
    ]);
    expect(apps.findIndex(([app]) => app === 'bridge')).toBeGreaterThan(at);
    // A transferred channel routed again keeps its one recording; an IVR is no call with a person.
    expect((await dial('1002', true)).map(([app]) => app)).not.toContain('record_session');
    expect((await dial('5000')).map(([app]) => app)).not.toContain('record_session');

    await save('onDemand');
    expect((await dial('1002')).map(([app]) => app)).not.toContain('record_session');
  });
});
