import {
  ANTI_ORDER,
  messages,
  nameHint,
  newCondition,
  newSchedule,
  scheduleMessages as m,
  type Dialplan,
  type TimeCondition,
} from '@tsunagu/contract';
import { weekdayAction } from '@tsunagu/contract/schedule/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dialplans, recordings, timeConditions } from '../../platform/db/schema';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';
import { nextScheduleNumber } from './schedules.service';

// The tenant's '通常営業' (weekdays to IVR 5000, else the closed announcement) with two numbers on it and the
// recording after_hours.wav; the other tenant's '本社営業' (weekdays to its group 300) and other_greeting.wav.
let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  await build.builtInRecordings(k.tenant);
  await build.recording(k.tenant, {
    recordingName: '営業時間外のご案内',
    recordingFilename: 'after_hours.wav',
  });
  await build.ivrMenu(k.tenant, { ivrMenuExtension: '5000' });
  const regular = await build.schedule(k.tenant, {
    name: '通常営業',
    anti: { timeConditionActionType: 'announce', timeConditionAnnounce: 'default_closed.wav' },
    conditions: [weekdayAction('平日営業', '09:00-18:00', '5000')],
  });
  await build.destination(k.tenant, regular, { destinationNumber: '0312345678' });
  await build.destination(k.tenant, regular, { destinationNumber: '0312345679' });
  await build.recording(k.otherTenant, { recordingFilename: 'other_greeting.wav' });
  await build.ringGroup(k.otherTenant, { ringGroupExtension: '300' });
  await build.schedule(k.otherTenant, {
    name: '本社営業',
    conditions: [weekdayAction('平日', '10:00-17:00', '300')],
  });
});
afterAll(() => k.t.close());

const SAVE = '/api/v1/timeCondition/save/';
const listUrl = (domainUuid: string) => `/api/v1/timeCondition/${domainUuid}`;
const listOf = async (domainUuid: string, session = k.admin) =>
  (await k.get(session, listUrl(domainUuid))).json().data.list as Dialplan[];
const named = async (name: string, domainUuid = k.tenantUuid) =>
  (await listOf(domainUuid, domainUuid === k.tenantUuid ? k.admin : k.adminB)).find(
    (d) => d.dialplanName === name,
  ) as Dialplan;
const stored = async () => ({
  dialplans: await k.t.database.db.select().from(dialplans).orderBy(dialplans.dialplanUuid),
  conditions: await k.t.database.db.select().from(timeConditions).orderBy(timeConditions.timeConditionUuid),
});

/** Mon–Fri 09:00–18:00, transferred. */
const weekdays = (overrides: Partial<TimeCondition> = {}): TimeCondition => ({
  ...newCondition('wtime'),
  timeConditionName: '平日',
  timeConditionTimeOfDay: '09:00-18:00',
  timeCondition2: 'true',
  timeCondition3: 'true',
  timeCondition4: 'true',
  timeCondition5: 'true',
  timeCondition6: 'true',
  timeConditionActionType: 'transfer',
  timeConditionTransfer: '0312345678',
  ...overrides,
});
/** Every year 12/29–12/31, with an announcement. */
const yearEnd = (overrides: Partial<TimeCondition> = {}): TimeCondition => ({
  ...newCondition('mday'),
  timeConditionName: '年末休業',
  timeConditionMon: '12',
  timeConditionMday: '29-31',
  timeConditionActionType: 'announce',
  timeConditionAnnounce: 'after_hours.wav',
  ...overrides,
});
/** Public holidays and the tenant's own closed days, announced. */
const holidays = (overrides: Partial<TimeCondition> = {}): TimeCondition => ({
  ...newCondition('holiday'),
  timeConditionOrder: 505,
  timeConditionClosedDays: [
    { name: '創立記念日', date: '06-15' },
    { name: '棚卸し', date: '2027-03-31' },
  ],
  timeConditionActionType: 'announce',
  timeConditionAnnounce: 'after_hours.wav',
  ...overrides,
});
/** The default condition of a new schedule. */
const anti = (overrides: Partial<TimeCondition> = {}): TimeCondition => ({
  ...(newSchedule('x', { domainName: k.tenant.domainName }).timeconditions[0] as TimeCondition),
  ...overrides,
});
const schedule = (name: string, conditions: TimeCondition[] = []): Dialplan => {
  const created = newSchedule(name, k.tenant);
  return { ...created, timeconditions: [...created.timeconditions, ...conditions] };
};

describe('schedule list', () => {
  it("lists the tenant's schedules with their conditions by priority, flags as 'true'/'false'", async () => {
    const list = await listOf(k.tenantUuid);
    expect(list.map((d) => d.dialplanName)).toEqual(['通常営業']);
    const [regular] = list;
    expect(regular).toMatchObject({
      domainUuid: k.tenantUuid,
      dialplanUuid: expect.any(String),
      dialplanContext: k.tenant.domainName,
      dialplanNumber: '2000',
      dialplanContinue: 'true',
      dialplanOrder: 300,
      dialplanEnabled: 'true',
    });
    expect(regular?.timeconditions.map((c) => [c.timeConditionName, c.timeConditionOrder])).toEqual([
      ['平日営業', 800],
      ['anti', ANTI_ORDER],
    ]);
    expect(regular?.timeconditions[0]).toMatchObject({
      timeConditionType: 'wtime',
      timeConditionTimeOfDay: '09:00-18:00',
      timeCondition1: 'false',
      timeCondition2: 'true',
      timeConditionActionType: 'action',
      timeConditionAction: '5000',
    });
    expect(regular?.timeconditions[1]).not.toHaveProperty('dialplanUuid');
  });

  it('requires a session (401) and a visible business-hours menu (403) on every call', async () => {
    expect((await k.get(null, listUrl(k.tenantUuid))).statusCode).toBe(401);
    const staff = await k.get(k.staff, listUrl(k.tenantUuid));
    expect(staff.statusCode).toBe(403);
    expect(staff.json().msg).toBe(messages.forbidden);
    expect((await k.post(k.staff, SAVE, schedule('スタッフ'))).statusCode).toBe(403);
    const regular = await named('通常営業');
    expect((await k.del(k.staff, `/api/v1/timeCondition/${regular.dialplanUuid}`)).statusCode).toBe(403);
    expect((await k.post(null, SAVE, schedule('匿名'))).statusCode).toBe(401);
  });
});

describe('schedule save', () => {
  it('creates a schedule with the next free number, then updates it keeping its number and ids', async () => {
    const before = k.t.configChanges.length;
    const created = await k.post(k.admin, SAVE, schedule('土曜営業'));
    expect(created.statusCode).toBe(200);
    expect(created.json().code).toBe(0);
    const { dialplanUuid, list } = created.json().data as { dialplanUuid: string; list: Dialplan[] };
    const saved = list.find((d) => d.dialplanUuid === dialplanUuid) as Dialplan;
    // 2000 is the tenant's '通常営業'; extensions, ring groups and the IVR sit elsewhere.
    expect(saved).toMatchObject({
      dialplanName: '土曜営業',
      dialplanNumber: '2001',
      dialplanContext: k.tenant.domainName,
    });
    expect(saved.timeconditions).toEqual([
      expect.objectContaining({
        timeConditionName: 'anti',
        timeConditionType: 'anti',
        timeConditionActionType: 'hangup',
        timeConditionVoiceMailId: 0,
        timeConditionUuid: expect.any(String),
      }),
    ]);

    // The client's number and context are not trusted: the number stays, the context is the domain name.
    const edited = {
      ...saved,
      dialplanName: '土曜・年末',
      dialplanNumber: '1000',
      dialplanContext: k.otherTenant.domainName,
      timeconditions: [...saved.timeconditions, weekdays(), yearEnd()],
    };
    const updated = await k.post(k.admin, SAVE, edited);
    expect(updated.statusCode).toBe(200);
    const after = await named('土曜・年末');
    expect(after).toMatchObject({
      dialplanUuid,
      dialplanNumber: '2001',
      dialplanContext: k.tenant.domainName,
    });
    expect(after.timeconditions.map((c) => c.timeConditionName)).toEqual(['年末休業', '平日', 'anti']);
    expect(after.timeconditions.at(-1)?.timeConditionUuid).toBe(saved.timeconditions[0]?.timeConditionUuid);
    const [closure] = after.timeconditions;
    const [recording] = await k.t.database.db
      .select()
      .from(recordings)
      .where(
        and(eq(recordings.domainUuid, k.tenantUuid), eq(recordings.recordingFilename, 'after_hours.wav')),
      );
    expect(closure?.recordingUuid).toBe(recording?.recordingUuid);

    const audits = await k.t.database.db.select().from(auditLog).where(eq(auditLog.target, dialplanUuid));
    expect(audits.map((a) => a.action)).toEqual(['schedule.save', 'schedule.save']);
    // The edit records its fields and conditions before and after; the create only after.
    const [create, edit] = [...audits].sort((a, b) => a.auditId - b.auditId);
    expect(create?.detail).toMatchObject({ changes: { dialplanName: { before: null, after: '土曜営業' } } });
    expect(edit?.detail).toMatchObject({
      changes: {
        dialplanName: { before: '土曜営業', after: '土曜・年末' },
        conditions: {
          before: [expect.objectContaining({ timeConditionName: 'anti' })],
          after: [
            expect.objectContaining({ timeConditionName: '年末休業' }),
            expect.objectContaining({ timeConditionName: '平日' }),
            expect.objectContaining({ timeConditionName: 'anti' }),
          ],
        },
      },
    });
    expect(Object.keys((edit?.detail as { changes: object }).changes)).not.toContain('dialplanEnabled');
    expect(k.t.configChanges.slice(before)).toEqual([
      { tenantUuid: k.tenantUuid, kind: 'schedule' },
      { tenantUuid: k.tenantUuid, kind: 'schedule' },
    ]);
    expect((await listOf(k.tenantUuid)).map((d) => d.dialplanName)).toEqual(['土曜・年末', '通常営業']);
  });

  it('stores and lists a Japanese office: holidays with closed days, the New Year break, nights', async () => {
    const newYear = yearEnd({
      timeConditionName: '年末年始',
      timeConditionMon: '12-1',
      timeConditionMday: '29-3',
    });
    const night = weekdays({
      timeConditionName: '夜間',
      timeConditionOrder: 810,
      timeConditionTimeOfDay: '22:00-06:00',
    });
    const res = await k.post(k.admin, SAVE, schedule('日本の事務所', [holidays(), newYear, night]));
    expect(res.statusCode).toBe(200);
    const saved = await named('日本の事務所');
    expect(saved.timeconditions.map((c) => c.timeConditionName)).toEqual([
      '年末年始',
      '祝日',
      '夜間',
      'anti',
    ]);
    const [storedNewYear, storedHolidays, storedNight] = saved.timeconditions;
    expect(storedHolidays).toMatchObject({
      timeConditionType: 'holiday',
      timeConditionOrder: 505,
      timeConditionClosedDays: holidays().timeConditionClosedDays,
    });
    expect(storedNewYear).toMatchObject({ timeConditionMon: '12-1', timeConditionMday: '29-3' });
    expect(storedNight).toMatchObject({ timeConditionTimeOfDay: '22:00-06:00' });
    // Saved again as listed, nothing changes; older types list an empty closed-day list.
    expect((await k.post(k.admin, SAVE, saved)).statusCode).toBe(200);
    expect(await named('日本の事務所')).toEqual(saved);
    expect(saved.timeconditions.at(-1)?.timeConditionClosedDays).toEqual([]);
  });

  it('keeps the default at its own priority, whatever the client sends', async () => {
    const res = await k.post(k.admin, SAVE, {
      ...schedule('優先順位'),
      timeconditions: [anti({ timeConditionOrder: 800 }), weekdays()],
    });
    expect(res.statusCode).toBe(200);
    const saved = await named('優先順位');
    expect(saved.timeconditions.map((c) => c.timeConditionOrder)).toEqual([800, ANTI_ORDER]);
  });

  it.each<[string, () => Dialplan, string]>([
    ['a blank name', () => schedule('  '), m.scheduleName],
    ['no default condition', () => ({ ...schedule('既定なし'), timeconditions: [weekdays()] }), m.noDefault],
    [
      'two default conditions',
      () => ({ ...schedule('既定二つ'), timeconditions: [anti({}), anti({})] }),
      m.duplicateDefault,
    ],
    [
      'a condition without a name',
      () => schedule('名前なし', [weekdays({ timeConditionName: '' })]),
      nameHint('wtime'),
    ],
    [
      'wtime without a weekday',
      () =>
        schedule('曜日なし', [
          weekdays({
            timeCondition2: 'false',
            timeCondition3: 'false',
            timeCondition4: 'false',
            timeCondition5: 'false',
            timeCondition6: 'false',
          }),
        ]),
      m.weekdayTime,
    ],
    [
      'wtime covering no time (equal ends)',
      () => schedule('空', [weekdays({ timeConditionTimeOfDay: '18:00-18:00' })]),
      m.weekdayTime,
    ],
    [
      'a closed day without a name',
      () => schedule('休業日', [holidays({ timeConditionClosedDays: [{ name: ' ', date: '06-15' }] })]),
      m.closedDays,
    ],
    [
      'a closed day on Feb 30',
      () => schedule('休業日', [holidays({ timeConditionClosedDays: [{ name: '記念日', date: '02-30' }] })]),
      m.closedDays,
    ],
    [
      'a holiday rule outside 500–599',
      () => schedule('祝日', [holidays({ timeConditionOrder: 800 })]),
      m.orderDate,
    ],
    ['an unreadable yearly date', () => schedule('日付', [yearEnd({ timeConditionMday: '30-32' })]), m.date],
    [
      'a priority used twice',
      () => schedule('重複', [weekdays(), weekdays({ timeConditionName: '二つ目' })]),
      m.orderTaken,
    ],
    ['wtime outside 800–899', () => schedule('範囲', [weekdays({ timeConditionOrder: 500 })]), m.orderWtime],
    ['a date outside 500–599', () => schedule('範囲', [yearEnd({ timeConditionOrder: 899 })]), m.orderDate],
    [
      'action without a target',
      () => schedule('動作', [weekdays({ timeConditionActionType: 'action', timeConditionAction: '' })]),
      m.action,
    ],
    [
      'announce without an announcement',
      () => schedule('案内', [yearEnd({ timeConditionAnnounce: '' })]),
      m.announcement,
    ],
    [
      'a transfer number with letters',
      () => schedule('転送', [weekdays({ timeConditionTransfer: '03-1234' })]),
      m.transferInput,
    ],
    [
      'an invalid e-mail',
      () => schedule('メール', [weekdays({ timeConditionVoiceMail: 'not-mail' })]),
      m.email,
    ],
    [
      'a default transferring to an invalid number',
      () => ({
        ...schedule('既定転送'),
        timeconditions: [anti({ timeConditionActionType: 'transfer', timeConditionTransfer: '1' })],
      }),
      m.transferNumber,
    ],
    // What only the server knows: the tenant's call targets and recordings.
    [
      'an action target the tenant does not have',
      () => schedule('宛先', [weekdays({ timeConditionActionType: 'action', timeConditionAction: '1999' })]),
      m.action,
    ],
    [
      'an announcement the tenant does not have',
      () => schedule('音声', [yearEnd({ timeConditionAnnounce: 'other_greeting.wav' })]),
      m.announcement,
    ],
    [
      'an absence announcement the tenant does not have',
      () => ({
        ...schedule('不在'),
        timeconditions: [anti({ timeConditionVoiceMailAnnounce: 'nothing.wav' })],
      }),
      m.absenceAnnouncement,
    ],
    [
      'a number too large for its column',
      () => ({ ...schedule('巨大'), dialplanOrder: 2 ** 40 }),
      messages.badRequest,
    ],
  ])('refuses %s with its message and changes nothing', async (_name, body, msg) => {
    const before = await stored();
    const res = await k.post(k.admin, SAVE, body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
    expect(await stored()).toEqual(before);
  });

  it('is all or nothing: a save whose second condition fails leaves the stored schedule as it was', async () => {
    const regular = await named('通常営業');
    const before = await stored();
    const changes = k.t.configChanges.length;
    const [first, anti] = regular.timeconditions as [TimeCondition, TimeCondition];
    const attempt = (second: TimeCondition) => ({
      ...regular,
      dialplanName: '改名',
      timeconditions: [{ ...first, timeConditionTimeOfDay: '08:00-20:00' }, second, anti],
    });

    // Refused by the rules…
    const invalid = await k.post(k.admin, SAVE, attempt(yearEnd({ timeConditionAnnounce: '' })));
    expect(invalid.json().msg).toBe(m.announcement);

    // …or failing in the database after the schedule and its first condition were written.
    await k.t.database.runScript(`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.time_condition_name = 'boom' THEN RAISE EXCEPTION 'boom'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON time_conditions FOR EACH ROW EXECUTE FUNCTION refuse_boom();`);
    try {
      const failed = await k.post(k.admin, SAVE, attempt(yearEnd({ timeConditionName: 'boom' })));
      expect(failed.statusCode).toBe(500);
    } finally {
      await k.t.database.runScript(
        'DROP TRIGGER refuse_boom ON time_conditions; DROP FUNCTION refuse_boom();',
      );
    }

    expect(await stored()).toEqual(before);
    expect(await named('通常営業')).toEqual(regular);
    expect(k.t.configChanges.length).toBe(changes);
    const audits = await k.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, regular.dialplanUuid as string));
    expect(audits).toEqual([]);
  });
});

describe('schedule delete', () => {
  it('is refused while an incoming number routes to the schedule', async () => {
    const regular = await named('通常営業');
    const before = await stored();
    const res = await k.del(k.admin, `/api/v1/timeCondition/${regular.dialplanUuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('使用中: 着信番号 0312345678、着信番号 0312345679');
    expect(await stored()).toEqual(before);
  });

  it('deletes an unused schedule with its conditions, audited and told to the engine', async () => {
    const created = await k.post(k.admin, SAVE, schedule('削除用', [weekdays()]));
    const { dialplanUuid } = created.json().data as { dialplanUuid: string };
    const res = await k.del(k.admin, `/api/v1/timeCondition/${dialplanUuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    expect((await listOf(k.tenantUuid)).some((d) => d.dialplanUuid === dialplanUuid)).toBe(false);
    const left = await k.t.database.db
      .select()
      .from(timeConditions)
      .where(eq(timeConditions.dialplanUuid, dialplanUuid));
    expect(left).toEqual([]);
    const audits = await k.t.database.db.select().from(auditLog).where(eq(auditLog.target, dialplanUuid));
    expect(audits.map((a) => a.action)).toEqual(['schedule.save', 'schedule.delete']);
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'schedule' });
    expect((await k.del(k.admin, `/api/v1/timeCondition/${dialplanUuid}`)).statusCode).toBe(404);
  });
});

describe("another tenant's schedules", () => {
  it('are invisible: the list names only its own, and reading another tenant is 403', async () => {
    expect((await listOf(k.otherTenantUuid, k.adminB)).map((d) => d.dialplanName)).toEqual(['本社営業']);
    const res = await k.get(k.adminB, listUrl(k.tenantUuid));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
  });

  it('are immutable: saving or deleting the tenant’s schedule by id fails and changes nothing', async () => {
    const regular = await named('通常営業');
    const before = await stored();
    const byId = await k.post(k.adminB, SAVE, {
      ...regular,
      domainUuid: undefined,
      dialplanName: '乗っ取り',
    });
    expect(byId.statusCode).toBe(404);
    const byTenant = await k.post(k.adminB, SAVE, { ...regular, dialplanName: '乗っ取り' });
    expect(byTenant.statusCode).toBe(403);
    expect(byTenant.json().msg).toBe(messages.otherTenant);
    expect((await k.del(k.adminB, `/api/v1/timeCondition/${regular.dialplanUuid}`)).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it("a new schedule cannot take over another tenant's condition ids", async () => {
    const regular = await named('通常営業');
    const own = newSchedule('本社休日', k.otherTenant);
    const stolen = own.timeconditions.map((c, i) => ({
      ...c,
      timeConditionUuid: regular.timeconditions[i]?.timeConditionUuid,
    }));
    const res = await k.post(k.adminB, SAVE, { ...own, timeconditions: stolen });
    expect(res.statusCode).toBe(200);
    const saved = await named('本社休日', k.otherTenantUuid);
    expect(saved.timeconditions[0]?.timeConditionUuid).not.toBe(regular.timeconditions[0]?.timeConditionUuid);
    expect(await named('通常営業')).toEqual(regular);
  });

  it('a provider admin (SP) may read another tenant', async () => {
    expect((await listOf(k.otherTenantUuid, k.sp)).map((d) => d.dialplanName)).toContain('本社営業');
  });
});

describe('schedule numbers', () => {
  it('are the lowest free number from 2000 up', () => {
    expect(nextScheduleNumber([])).toBe('2000');
    expect(nextScheduleNumber(['1000', '2000', '2001', '2003'])).toBe('2002');
  });
});
