import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdrs, domains, mailLog } from '../../platform/db/schema';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import type { CallRecord } from '../../telephony/engine';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestEngine } from '../../testing/test-engine';
import { createAbsenceNotifier } from './notifications.events';

// The two tenants are built per file: TENANT on Tokyo time with extension 1001, OTHER keeping its
// office abroad (its mails show its own wall clock).
let TENANT: string;
let OTHER: string;

/** A mailer that keeps what it is given, and fails for one address. */
function capturingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      if (message.to === 'broken@example.jp') throw new Error('SMTP 550 mailbox unavailable');
      sent.push(message);
    },
    close: () => undefined,
  };
  return { sent, mailer };
}

const engine = createTestEngine();
const app = capturingMailer();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ deps: { engine, mailer: app.mailer } });
  const tenant = await t.build.tenant({ timeZone: 'Asia/Tokyo' });
  const other = await t.build.tenant({ timeZone: 'America/New_York' });
  await t.build.extension(tenant, { extension: '1001' });
  TENANT = tenant.domainName;
  OTHER = other.domainName;
});
afterAll(() => t.close());

let serial = 0;
function record(overrides: Partial<CallRecord> = {}): CallRecord {
  serial++;
  return {
    domainName: TENANT,
    callUuid: `leg-${serial}`,
    extension: null,
    direction: 'inbound',
    callerIdName: '山田 太郎',
    callerIdNumber: '09011112222',
    destinationNumber: '0312345678',
    // 2026-11-20 18:30:05 in Tokyo.
    startStamp: new Date('2026-11-20T09:30:05Z'),
    answerStamp: null,
    endStamp: new Date('2026-11-20T09:31:20Z'),
    billsec: 0,
    hangupCause: 'NORMAL_CLEARING',
    callId: `leg-${serial}`,
    originating: true,
    bridged: (overrides.billsec ?? 0) > 0,
    endedIn: '',
    outOfHours: false,
    ...overrides,
  };
}

function notifier() {
  const { sent, mailer } = capturingMailer();
  const errors: unknown[] = [];
  const notify = createAbsenceNotifier({ db: t.database.db, mailer, onError: (e) => errors.push(e) });
  return { sent, errors, notify };
}

describe('absence mails', () => {
  it('留守番電話のお知らせ: once per call, however often and on however many legs it is reported', async () => {
    const audio = join(mkdtempSync(join(tmpdir(), 'tsunagu-vm-')), 'message.wav');
    writeFileSync(audio, Buffer.from('RIFF....WAVE'));
    const { sent, errors, notify } = notifier();
    const voicemail = { email: 'office@example.jp', seconds: 65, recording: audio };
    const first = record({ absence: { callId: 'call-vm', voicemail } });
    // The same post twice, concurrently, and another leg of the same call.
    await Promise.all([notify(first), notify(first), notify({ ...first, callUuid: 'leg-vm-b' })]);
    await notify(first);
    expect(errors).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      to: 'office@example.jp',
      subject: '留守番電話のお知らせ：山田 太郎 (09011112222)',
      text: [
        '留守番電話にメッセージが届きました。',
        '',
        '発信者: 山田 太郎 (09011112222)',
        '着信番号: 0312345678',
        '日時: 2026年11月20日(金) 18:30:05',
        '録音時間: 1分05秒',
        '録音: 添付ファイル (voicemail-20261120-183005.wav)',
        '',
        'このメールは つなぐ から自動送信されています。返信はできません。',
        '',
      ].join('\n'),
      attachments: [{ filename: 'voicemail-20261120-183005.wav', path: audio }],
    });
    const [claim] = await t.database.db.select().from(mailLog).where(eq(mailLog.callUuid, 'call-vm'));
    expect(claim).toMatchObject({ kind: 'voicemail', email: 'office@example.jp' });
    expect(claim?.sentAt).toBeInstanceOf(Date);
  });

  it('attaches nothing when the recording is not there (the sandbox keeps none)', async () => {
    const { sent, notify } = notifier();
    await notify(
      record({
        callerIdName: '',
        callerIdNumber: 'anonymous',
        absence: {
          callId: 'call-vm-none',
          voicemail: { email: 'office@example.jp', seconds: 8, recording: '/nowhere/missing.wav' },
        },
      }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('attachments');
    expect(sent[0]?.subject).toBe('留守番電話のお知らせ：非通知');
    expect(sent[0]?.text).toContain('録音時間: 8秒\n録音: このメールには添付されていません\n');
  });

  it('不在着信のお知らせ: the group, the caller and the time, once per call', async () => {
    const { sent, notify } = notifier();
    const missed = record({
      absence: {
        callId: 'call-missed',
        missedCall: { email: 'sales@example.jp', groupName: '営業部', groupNumber: '300' },
      },
    });
    await Promise.all([notify(missed), notify(missed)]);
    expect(sent).toEqual([
      {
        to: 'sales@example.jp',
        subject: '不在着信のお知らせ：山田 太郎 (09011112222)',
        text: [
          '着信グループ「営業部」への着信に、どなたも応答しませんでした。',
          '',
          '着信グループ: 営業部 (300)',
          '発信者: 山田 太郎 (09011112222)',
          '日時: 2026年11月20日(金) 18:30:05',
          '',
          'このメールは つなぐ から自動送信されています。返信はできません。',
          '',
        ].join('\n'),
      },
    ]);
  });

  it('sends nothing without an address, and nothing for a domain that is no tenant', async () => {
    const { sent, notify } = notifier();
    await notify(record());
    await notify(
      record({ absence: { callId: 'call-blank', voicemail: { email: '  ', seconds: 3, recording: null } } }),
    );
    await notify(
      record({
        domainName: 'nowhere.example',
        absence: {
          callId: 'call-lost',
          missedCall: { email: 'x@example.jp', groupName: 'g', groupNumber: '1' },
        },
      }),
    );
    expect(sent).toEqual([]);
    const claims = await t.database.db.select().from(mailLog);
    expect(claims.filter((c) => c.callUuid === 'call-blank' || c.callUuid === 'call-lost')).toEqual([]);
  });

  it('keeps tenants apart: the same call id in another tenant is its own mail, in its own time zone', async () => {
    const { sent, notify } = notifier();
    const absence = {
      callId: 'call-shared-id',
      missedCall: { email: 'sales@example.jp', groupName: '営業部', groupNumber: '300' },
    };
    await notify(record({ absence }));
    await notify(
      record({
        domainName: OTHER,
        absence: { ...absence, missedCall: { ...absence.missedCall, email: 'b@example.jp' } },
      }),
    );
    expect(sent.map((m) => [m.to, /日時: (.*)/.exec(m.text)?.[1]])).toEqual([
      ['sales@example.jp', '2026年11月20日(金) 18:30:05'],
      ['b@example.jp', '2026年11月20日(金) 04:30:05'],
    ]);
    const claims = await t.database.db.select().from(mailLog).where(eq(mailLog.callUuid, 'call-shared-id'));
    const tenants = await t.database.db.select().from(domains);
    const nameOf = (uuid: string) => tenants.find((d) => d.domainUuid === uuid)?.domainName;
    expect(claims.map((c) => [nameOf(c.domainUuid), c.email]).sort()).toEqual([
      [TENANT, 'sales@example.jp'],
      [OTHER, 'b@example.jp'],
    ]);
  });

  it('reports a failed send, does not send it again, and leaves it unmarked', async () => {
    const { sent, errors, notify } = notifier();
    const failing = record({
      absence: {
        callId: 'call-broken',
        voicemail: { email: 'broken@example.jp', seconds: 1, recording: null },
      },
    });
    await notify(failing);
    await notify(failing);
    expect(sent).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('SMTP 550');
    const [claim] = await t.database.db.select().from(mailLog).where(eq(mailLog.callUuid, 'call-broken'));
    expect(claim?.sentAt).toBeNull();
  });
});

describe('wired into the app', () => {
  it('mails what the engine reports, and a failing mail does not keep the call out of the history', async () => {
    const delivered = app.sent.length;
    engine.emit(
      'cdr',
      record({
        callUuid: 'wired-vm',
        extension: '1001',
        absence: {
          callId: 'wired-vm',
          voicemail: { email: 'office@example.jp', seconds: 3, recording: null },
        },
      }),
    );
    engine.emit(
      'cdr',
      record({
        callUuid: 'wired-broken',
        extension: '1001',
        absence: {
          callId: 'wired-broken',
          voicemail: { email: 'broken@example.jp', seconds: 3, recording: null },
        },
      }),
    );
    await expect.poll(() => app.sent.length).toBe(delivered + 1);
    expect(app.sent.at(-1)?.to).toBe('office@example.jp');
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(cdrs)).filter((r) => r.callUuid.startsWith('wired-')).length,
      )
      .toBe(2);
  });
});
