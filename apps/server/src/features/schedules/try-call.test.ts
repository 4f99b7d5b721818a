/** 「この番号に今かけたら?」 through the API: the routing model's answer, scoped to the caller's tenant. */
import {
  HANGUP_REASON_LABELS,
  messages,
  newCondition,
  tryCallMessages,
  type Dialplan,
  type TryCallResult,
} from '@tsunagu/contract';
import { weekdayAction } from '@tsunagu/contract/schedule/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';
import type { TestSession } from '../../testing/test-app';

// The tenant's schedule '通常営業' (weekdays 09:00-18:00 to IVR 5000, else the closed announcement) on
// 0312345678; the other tenant's '本社営業' on 0698765432. Both are built here, not taken from the demo.
let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  await build.ivrMenu(k.tenant, { ivrMenuExtension: '5000' });
  // The built-in recordings, among them the closed announcement the schedule plays.
  await build.builtInRecordings(k.tenant);
  const regular = await build.schedule(k.tenant, {
    name: '通常営業',
    anti: { timeConditionActionType: 'announce', timeConditionAnnounce: 'default_closed.wav' },
    conditions: [weekdayAction('平日営業', '09:00-18:00', '5000')],
  });
  await build.destination(k.tenant, regular, {
    destinationNumber: '0312345678',
    destinationCidNamePrefix: '代表',
  });
  await build.ringGroup(k.otherTenant, { ringGroupExtension: '300' });
  const head = await build.schedule(k.otherTenant, {
    name: '本社営業',
    conditions: [weekdayAction('平日', '10:00-17:00', '300')],
  });
  await build.destination(k.otherTenant, head, {
    destinationNumber: '0698765432',
    destinationCidNamePrefix: '本社代表',
  });
});
afterAll(() => k.t.close());

const url = (domainUuid: string, query: Record<string, string>) =>
  `/api/v1/timeCondition/tryCall/${domainUuid}?${new URLSearchParams(query).toString()}`;
const ask = async (
  query: Record<string, string>,
  session: TestSession | null = k.admin,
  domainUuid = k.tenantUuid,
) => k.get(session, url(domainUuid, query));
const answer = async (query: Record<string, string>) => {
  const res = await ask(query);
  expect(res.statusCode).toBe(200);
  expect(res.json().code).toBe(0);
  return res.json().data as TryCallResult;
};
const regular = async () =>
  ((await k.get(k.admin, `/api/v1/timeCondition/${k.tenantUuid}`)).json().data.list as Dialplan[]).find(
    (d) => d.dialplanName === '通常営業',
  ) as Dialplan;

describe('try a call', () => {
  it('answers the weekday rule with its priority and the IVR it leads to', async () => {
    const result = await answer({ date: '2026-11-24', time: '10:00', destinationNumber: '0312345678' });
    expect(result).toMatchObject({
      at: '2026-11-24T01:00:00.000Z',
      timeZone: 'Asia/Tokyo',
      dialplanName: '通常営業',
      rule: { name: '平日営業', type: 'wtime', order: 800, actionType: 'action', holiday: null },
      steps: [{ kind: 'ivr', number: '5000' }],
    });
  });

  it('answers the default out of hours, to the second, in the tenant zone', async () => {
    const closing = await answer({ date: '2026-11-24', time: '17:59:59', destinationNumber: '0312345678' });
    expect(closing.rule?.name).toBe('平日営業');
    const closed = await answer({ date: '2026-11-24', time: '18:00:00', destinationNumber: '0312345678' });
    expect(closed).toMatchObject({
      at: '2026-11-24T09:00:00.000Z',
      rule: { name: 'anti', type: 'anti', order: null, actionType: 'announce' },
      steps: [{ kind: 'announce', file: 'default_closed.wav' }],
    });
  });

  it('answers a holiday rule with the holiday’s name, by number or by schedule', async () => {
    const schedule = await regular();
    const holiday = {
      ...newCondition('holiday'),
      timeConditionOrder: 505,
      timeConditionClosedDays: [{ name: '創立記念日', date: '06-15' }],
      timeConditionActionType: 'hangup' as const,
    };
    const saved = await k.post(k.admin, '/api/v1/timeCondition/save/', {
      ...schedule,
      timeconditions: [...schedule.timeconditions, holiday],
    });
    expect(saved.statusCode).toBe(200);
    try {
      const byNumber = await answer({
        date: '2026-11-23',
        time: '00:00:00',
        destinationNumber: '0312345678',
      });
      expect(byNumber).toMatchObject({
        rule: { name: '祝日', type: 'holiday', order: 505, actionType: 'hangup', holiday: '勤労感謝の日' },
        steps: [{ kind: 'hangup', reason: 'schedule-hangup' }],
      });
      const lastSecond = await answer({
        date: '2026-11-23',
        time: '23:59:59',
        dialplanUuid: schedule.dialplanUuid as string,
      });
      expect(lastSecond.rule).toMatchObject({ name: '祝日', holiday: '勤労感謝の日' });
      const founding = await answer({ date: '2027-06-15', time: '10:00', destinationNumber: '0312345678' });
      expect(founding.rule).toMatchObject({ name: '祝日', holiday: '創立記念日' });
      const nextDay = await answer({ date: '2026-11-24', time: '00:00:00', destinationNumber: '0312345678' });
      expect(nextDay.rule?.name).toBe('anti');
    } finally {
      await k.post(k.admin, '/api/v1/timeCondition/save/', schedule);
    }
  });

  it.each<[string, Record<string, string>, string]>([
    ['neither number nor schedule', { date: '2026-11-24', time: '10:00' }, tryCallMessages.target],
    [
      'both number and schedule',
      {
        date: '2026-11-24',
        time: '10:00',
        destinationNumber: '0312345678',
        dialplanUuid: '00000000-0000-4000-8000-000000000001',
      },
      tryCallMessages.target,
    ],
    [
      'a date that is no date',
      { date: '2026-02-30', time: '10:00', destinationNumber: '0312345678' },
      tryCallMessages.date,
    ],
    [
      'a time that is no time',
      { date: '2026-11-24', time: '24:00', destinationNumber: '0312345678' },
      tryCallMessages.time,
    ],
  ])('refuses %s with its message', async (_what, query, message) => {
    const res = await ask(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('says so for a number the tenant does not have (404)', async () => {
    const res = await ask({ date: '2026-11-24', time: '10:00', destinationNumber: '0399999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(tryCallMessages.notFound);
  });

  it('words every hang-up reason in Japanese', () => {
    expect(Object.values(HANGUP_REASON_LABELS).every((label) => /[ぁ-んァ-ン一-龯]/.test(label))).toBe(true);
  });
});

describe('try a call, scoped to the tenant', () => {
  it('requires a session (401) and the business-hours menu (403)', async () => {
    const query = { date: '2026-11-24', time: '10:00', destinationNumber: '0312345678' };
    expect((await ask(query, null)).statusCode).toBe(401);
    const staff = await ask(query, k.staff);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().msg).toBe(messages.forbidden);
  });

  it('refuses another tenant in the path (403)', async () => {
    const res = await ask({ date: '2026-11-24', time: '10:00', destinationNumber: '0312345678' }, k.adminB);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
  });

  it('does not find another tenant’s number or schedule from its own tenant (404)', async () => {
    const demoSchedule = await regular();
    for (const query of <Record<string, string>[]>[
      { date: '2026-11-24', time: '10:00', destinationNumber: '0312345678' },
      { date: '2026-11-24', time: '10:00', dialplanUuid: demoSchedule.dialplanUuid as string },
    ]) {
      const res = await ask(query, k.adminB, k.otherTenantUuid);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(tryCallMessages.notFound);
    }
    const own = await ask(
      { date: '2026-11-24', time: '10:00', destinationNumber: '0698765432' },
      k.adminB,
      k.otherTenantUuid,
    );
    expect(own.json().data).toMatchObject({ dialplanName: '本社営業', rule: { name: '平日' } });
  });
});
