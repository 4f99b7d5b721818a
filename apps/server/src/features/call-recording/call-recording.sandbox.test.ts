/**
 * Call recording end to end on the sandbox, through the API as the softphone uses it: the app with its
 * default engine, two verto phones on a live call, 録音 and 録音停止 on the caller's channel; the file
 * lies in the tenant's storage as long as the recording ran, and the recording is listed on the call in
 * the caller's own history and in the tenant's history once the call ends.
 */
import { join } from 'node:path';
import type { SoftphoneConnection } from '@tsunagu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { wavLength } from '../../platform/files/wav-length';
import { callRecordingFile } from '../../telephony/engine';
import { ScriptedPhone } from '../../telephony/sandbox/testing';
import { useSandboxApp } from '../../testing/sandbox-app';
import { FACTORY_PASSWORD } from '../../testing/factories';
import type { TestApp, TestSession } from '../../testing/test-app';

const sandbox = useSandboxApp();

type Row<K extends 'tenant' | 'extension' | 'user'> = Awaited<ReturnType<TestApp['build'][K]>>;

// An office of its own: its administrator and two staff on softphones, yamada calling suzuki.
let office: Row<'tenant'>;
let admin: Row<'user'>;
let staff: Record<'yamada' | 'suzuki', { user: Row<'user'>; extension: Row<'extension'> }>;
beforeAll(async () => {
  const { build } = sandbox.t;
  office = await build.tenant();
  admin = await build.user(office, { userClass: 'CP' });
  const member = async () => {
    const extension = await build.extension(office);
    return { user: await build.user(office, { extensionUuid: extension.extensionUuid }), extension };
  };
  staff = { yamada: await member(), suzuki: await member() };
});

/** The user's console session and their softphone, signed in on the sandbox's /verto. */
async function signedIn(who: keyof typeof staff) {
  const { user, extension } = staff[who];
  const session = await sandbox.t.login(user.username, FACTORY_PASSWORD);
  const connection = (
    await sandbox.t.request(session, { method: 'GET', url: '/api/v1/softphone/connection' })
  ).json().data as SoftphoneConnection;
  const phone = await ScriptedPhone.open(
    sandbox.base.replace('http', 'ws') + connection.socketUrl,
    connection.user,
  );
  expect((await phone.loginWith(connection.pass)).result).toBeDefined();
  await phone.next('verto.clientReady');
  return { session, phone, extensionUuid: extension.extensionUuid, domainUuid: office.domainUuid };
}

const control = (session: TestSession, action: 'start' | 'stop', channelUuid: string) =>
  sandbox.t.request(session, {
    method: 'POST',
    url: `/api/v1/callRecording/${action}`,
    payload: { channelUuid },
  });

/** The recordings listed in a history's rows (a row without one lists none). */
const recordingsIn = (rows: { recordings?: unknown[] }[]) => rows.flatMap((row) => row.recordings ?? []);

describe('recording a live call on the sandbox', () => {
  it('records from 録音 to 録音停止 into the tenant’s storage; both histories list it when the call ends', async () => {
    const administrator = await sandbox.t.login(admin.username, FACTORY_PASSWORD);
    const yamada = await signedIn('yamada');
    const suzuki = await signedIn('suzuki');
    const setting = await sandbox.t.request(administrator, {
      method: 'POST',
      url: `/api/v1/callRecording/setting/${yamada.domainUuid}`,
      payload: { mode: 'onDemand', retentionDays: 30 },
    });
    expect(setting.statusCode).toBe(200);
    const callID = await yamada.phone.dial(staff.suzuki.extension.extension, 'v=0 offer from yamada');
    const rung = String((await suzuki.phone.next('verto.invite')).params.callID);
    await suzuki.phone.answer(rung, 'v=0 answer from suzuki');
    await yamada.phone.next('verto.answer', callID);

    // The span the server records lies within the time from sending 録音 to the answer to 録音停止.
    const sentAt = Date.now();
    const started = await control(yamada.session, 'start', callID);
    expect(started.statusCode).toBe(200);
    const { recordingUuid } = started.json().data as { recordingUuid: string };
    expect(started.json().data).toEqual({ recording: true, recordingUuid });
    // A second 録音 on the same channel is refused, and the first still stops (nothing left locked).
    expect((await control(yamada.session, 'start', callID)).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const stopped = await control(yamada.session, 'stop', callID);
    const ran = (Date.now() - sentAt) / 1000;
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data).toEqual({ recording: false, recordingUuid });

    const path = join(
      sandbox.t.config.dataDir,
      'recordings',
      callRecordingFile(yamada.domainUuid, recordingUuid),
    );
    const file = await wavLength(path);
    // As long as 録音 to 録音停止 (8 kHz 16-bit mono: 16,000 bytes a second after a 44-byte header).
    const exact = ((file?.bytes ?? 0) - 44) / 16_000;
    expect(exact).toBeGreaterThanOrEqual(2);
    expect(exact).toBeLessThanOrEqual(ran);
    expect(file?.seconds).toBe(Math.round(exact));

    await yamada.phone.bye(callID);
    await suzuki.phone.next('verto.bye', rung);
    const listed = {
      recordingUuid,
      startedAt: expect.any(String),
      seconds: file?.seconds,
      bytes: file?.bytes,
    };
    await expect
      .poll(async () => {
        const own = await sandbox.t.request(yamada.session, {
          method: 'POST',
          url: '/api/v1/cdr/ext',
          payload: { domainUuid: yamada.domainUuid, extensionUuid: yamada.extensionUuid },
        });
        return recordingsIn(own.json().data.page.content);
      })
      .toEqual([listed]);
    const tenant = await sandbox.t.request(administrator, {
      method: 'POST',
      url: '/api/v1/cdr/search',
      payload: { domainUuid: yamada.domainUuid },
    });
    expect(recordingsIn(tenant.json().data.content)).toEqual([listed]);
    const audio = await sandbox.t.request(suzuki.session, {
      method: 'GET',
      url: `/api/v1/callRecording/file/${recordingUuid}`,
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.length).toBe(file?.bytes);
    yamada.phone.close();
    suzuki.phone.close();
  });
});
