import {
  usageMessages,
  type Extension,
  type IvrMenu,
  type RingGroup,
  type UsageData,
} from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { addRingGroupMembers } from '../../testing/pbx-parts';
import { buildRecordedOffice, type RecordedOffice } from '../../testing/recorded-office';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { weekdayAction } from '@tsunagu/contract/schedule/testing';
import {
  auditLog,
  destinations,
  dialplans,
  extensions,
  recordings,
  ringGroups,
  speedDials,
  timeConditions,
  users,
} from '../db/schema';

/**
 * The recorded office (its 1000 in group 301, on IVR 5000's key 2 and the administrator's; 300 on key 1;
 * IVR 5000 the weekday action of schedule 通常営業 on 0312345678 and 0312345679; after_hours.wav 301's
 * no-answer announcement), plus campaign.wav that nothing plays, and in the other tenant a group 300
 * its schedule's weekday action rings.
 */
let t: TestApp;
let office: RecordedOffice;
let admin: TestSession;
let adminB: TestSession;
let staff: TestSession;
let tenantUuid: string;
let otherUuid: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await buildRecordedOffice(t);
  const { build } = t;
  await build.recording(office.tenant, {
    recordingName: 'キャンペーン告知',
    recordingFilename: 'campaign.wav',
  });
  const other = office.other.tenant;
  const head = await build.ringGroup(other, { ringGroupExtension: '300', ringGroupName: '本社' });
  await addRingGroupMembers(t, head, ['1000', '1001']);
  await build.schedule(other, {
    name: '本社営業',
    conditions: [weekdayAction('平日', '10:00-17:00', '300')],
  });
  const login = (user: { username: string }) => t.login(user.username, FACTORY_PASSWORD);
  admin = await login(office.users['1000']);
  adminB = await login(office.other.admin);
  staff = await login(office.users['1001']);
  tenantUuid = office.tenant.domainUuid;
  otherUuid = other.domainUuid;
});
afterAll(() => t.close());

const get = (session: TestSession | null, url: string) => t.request(session, { method: 'GET', url });
const del = (session: TestSession | null, url: string) => t.request(session, { method: 'DELETE', url });

const db = () => t.database.db;
const listData = async <T>(path: string) =>
  (await get(admin, `/api/v1/${path}/${tenantUuid}`)).json().data.list as T[];
const extension = async (n: string) =>
  (await listData<Extension>('extension')).find((e) => e.extension === n)!;
const group = async (n: string) =>
  (await listData<RingGroup>('ringGroup')).find((g) => g.ringGroupExtension === n);
const ivr = async () => (await listData<IvrMenu>('ivr')).find((m) => m.ivrMenuExtension === '5000')!;
const usage = (kind: string, id: string, session = admin, domainUuid = tenantUuid) =>
  get(session, `/api/v1/pbx/usage/${domainUuid}/${kind}/${id}`);
const recordingId = async (filename: string) =>
  (
    await db()
      .select()
      .from(recordings)
      .where(and(eq(recordings.domainUuid, tenantUuid), eq(recordings.recordingFilename, filename)))
  )[0]!.recordingUuid;
/** What deleting 1000 would take away: its group, its IVR key and its user (the administrator). */
const uses1000 = () => `使用中: グループ 301、IVR 5000 の 2 番、ユーザー ${office.users['1000'].username}`;

/** Everything a reference could live in, to prove a refused or failed delete changed nothing. */
async function snapshot() {
  return {
    groups: await listData<RingGroup>('ringGroup'),
    menus: await listData<IvrMenu>('ivr'),
    extensions: await listData<Extension>('extension'),
    conditions: await db().select().from(timeConditions),
    destinations: await db().select().from(destinations),
    speedDials: await db().select().from(speedDials),
    users: await db().select({ u: users.username, e: users.extensionUuid }).from(users),
  };
}

describe('GET /api/v1/pbx/usage/{domainUuid}/{kind}/{id}', () => {
  it("lists an extension's ring groups, IVR options and users with the Japanese message", async () => {
    const res = await usage('extension', (await extension('1000')).extensionUuid);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as UsageData;
    expect(data.message).toBe(uses1000());
    expect(data.refs[1]).toEqual({ kind: 'ivrOption', owner: '5000', detail: '2' });
  });

  it('finds every kind of reference: IVR options, schedule actions, recordings, incoming numbers', async () => {
    const cases: [string, string, string][] = [
      ['ringGroup', (await group('300'))!.ringGroupUuid, '使用中: IVR 5000 の 1 番'],
      ['ivr', (await ivr()).ivrMenuUuid, '使用中: 営業時間「通常営業」の「平日営業」'],
      ['recording', await recordingId('welcome.wav'), '使用中: IVR 5000 のアナウンス'],
      ['recording', await recordingId('after_hours.wav'), '使用中: グループ 301 の不在時の動作'],
      ['recording', await recordingId('campaign.wav'), ''],
    ];
    const [schedule] = await db().select().from(dialplans).where(eq(dialplans.dialplanName, '通常営業'));
    cases.push(['schedule', schedule!.dialplanUuid, '使用中: 着信番号 0312345678、着信番号 0312345679']);
    for (const [kind, id, message] of cases) {
      expect((await usage(kind, id)).json().data.message, `${kind} ${id}`).toBe(message);
    }
  });

  it('sees speed dials, forwards and no-answer transfers that dial the number', async () => {
    const speedDialUuid = '00000000-0000-4000-8000-000000000009';
    const forward = (to: string) =>
      db()
        .update(extensions)
        .set({ forwardAllDestination: to })
        .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, '1005')));
    const timeout = (app: 'transfer' | 'hangup', data: string | null) =>
      db()
        .update(ringGroups)
        .set({ ringGroupTimeoutApp: app, ringGroupTimeoutData: data })
        .where(and(eq(ringGroups.domainUuid, tenantUuid), eq(ringGroups.ringGroupExtension, '300')));
    await db()
      .insert(speedDials)
      .values({ speedDialUuid, domainUuid: tenantUuid, speedNumber: '09', phoneNumber: '301' });
    await forward('301');
    await timeout('transfer', `301 XML ${office.tenant.domainName}`);
    const res = await usage('ringGroup', (await group('301'))!.ringGroupUuid);
    expect(res.json().data.message).toBe(
      '使用中: グループ 300 の不在時の動作、短縮ダイヤル 09、内線 1005 の転送先',
    );
    await db().delete(speedDials).where(eq(speedDials.speedDialUuid, speedDialUuid));
    await forward('');
    await timeout('hangup', null);
  });

  it('answers 404 for an unknown id and 400 for an unknown kind', async () => {
    expect((await usage('ringGroup', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await usage('gateway', (await group('300'))!.ringGroupUuid);
    expect(bad.statusCode).toBe(400);
  });

  it("never shows another tenant's usage: 403 for its tenant path, 404 for its object under one's own", async () => {
    const id = (await group('300'))!.ringGroupUuid;
    expect((await usage('ringGroup', id, adminB)).statusCode).toBe(403);
    const own = await usage('ringGroup', id, adminB, otherUuid);
    expect(own.statusCode).toBe(404);
    expect(own.json().data).toBeNull();
  });

  it('is refused without a session and to staff without PBX screens', async () => {
    expect((await usage('ringGroup', (await group('300'))!.ringGroupUuid, null as never)).statusCode).toBe(
      401,
    );
    expect((await usage('ringGroup', (await group('300'))!.ringGroupUuid, staff)).statusCode).toBe(403);
  });
});

describe('deleting an object in use', () => {
  it('is refused with 409 「使用中: …」 for each kind, and nothing changes', async () => {
    const before = await snapshot();
    const [schedule] = await db().select().from(dialplans).where(eq(dialplans.dialplanName, '通常営業'));
    const attempts: [string, string][] = [
      [`/api/v1/extension/${tenantUuid}/${(await extension('1000')).extensionUuid}`, uses1000()],
      [`/api/v1/ringGroup/${(await group('300'))!.ringGroupUuid}`, '使用中: IVR 5000 の 1 番'],
      [`/api/v1/ivr/${(await ivr()).ivrMenuUuid}`, '使用中: 営業時間「通常営業」の「平日営業」'],
      [`/api/v1/timeCondition/${schedule!.dialplanUuid}`, '使用中: 着信番号 0312345678、着信番号 0312345679'],
      [`/api/v1/recording/${await recordingId('after_hours.wav')}`, '使用中: グループ 301 の不在時の動作'],
    ];
    for (const [url, message] of attempts) {
      const res = await del(admin, url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().msg).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to clear a required IVR announcement even when asked to remove references', async () => {
    const res = await del(
      admin,
      `/api/v1/recording/${await recordingId('welcome.wav')}?removeReferences=true`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(usageMessages.notRemovable);
  });

  it("another tenant's administrator cannot delete it even asking to remove references", async () => {
    const before = await snapshot();
    const id = (await group('300'))!.ringGroupUuid;
    expect((await del(adminB, `/api/v1/ringGroup/${id}?removeReferences=true`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('removes references and the object in one transaction: a failing delete leaves the references', async () => {
    const before = await snapshot();
    const id = (await group('300'))!.ringGroupUuid;
    await t.database.runScript(`
      CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_delete BEFORE DELETE ON ring_groups FOR EACH ROW EXECUTE FUNCTION refuse_delete();`);
    try {
      expect((await del(admin, `/api/v1/ringGroup/${id}?removeReferences=true`)).statusCode).toBe(500);
    } finally {
      await t.database.runScript('DROP TRIGGER refuse_delete ON ring_groups; DROP FUNCTION refuse_delete();');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('with ?removeReferences=true removes the IVR option and the group together, audited, engine told', async () => {
    const id = (await group('300'))!.ringGroupUuid;
    const changes = t.configChanges.length;
    const res = await del(admin, `/api/v1/ringGroup/${id}?removeReferences=true`);
    expect(res.statusCode).toBe(200);
    expect(await group('300')).toBeUndefined();
    expect((await ivr()).ivrMenuOptions.map((o) => o.ivrMenuOptionDigits)).toEqual(['2']);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, id), eq(auditLog.action, 'ringGroup.delete')));
    expect(entry?.detail).toMatchObject({
      ringGroupExtension: '300',
      removedReferences: ['IVR 5000 の 1 番'],
    });
    expect(t.configChanges.slice(changes).map((c) => c.kind)).toEqual(['ringGroup', 'ivr']);
  });

  it('an extension: memberships, IVR options and the user link go with it', async () => {
    const id = (await extension('1000')).extensionUuid;
    const res = await del(admin, `/api/v1/extension/${tenantUuid}/${id}?removeReferences=true`);
    expect(res.statusCode).toBe(200);
    expect((await group('301'))!.destinations.map((d) => d.destinationNumber)).toEqual(['1003']);
    expect((await ivr()).ivrMenuOptions).toEqual([]);
    const [user] = await db().select().from(users).where(eq(users.userUuid, office.users['1000'].userUuid));
    expect(user?.extensionUuid).toBeNull();
  });

  it('an IVR: the schedule action falls back to 切断; a schedule: its incoming numbers lose it', async () => {
    expect(
      (await del(admin, `/api/v1/ivr/${(await ivr()).ivrMenuUuid}?removeReferences=true`)).statusCode,
    ).toBe(200);
    const [condition] = await db()
      .select()
      .from(timeConditions)
      .where(eq(timeConditions.timeConditionName, '平日営業'));
    expect(condition).toMatchObject({ timeConditionActionType: 'hangup', timeConditionAction: '' });
    const [schedule] = await db().select().from(dialplans).where(eq(dialplans.dialplanName, '通常営業'));
    const url = `/api/v1/timeCondition/${schedule!.dialplanUuid}?removeReferences=true`;
    expect((await del(admin, url)).statusCode).toBe(200);
    const numbers = await db().select().from(destinations).where(eq(destinations.domainUuid, tenantUuid));
    expect(numbers.map((d) => d.destinationData)).toEqual([null, null]);
  });

  it('a recording: the no-answer announcement falls back to 切断', async () => {
    const url = `/api/v1/recording/${await recordingId('after_hours.wav')}?removeReferences=true`;
    expect((await del(admin, url)).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(ringGroups)
      .where(and(eq(ringGroups.domainUuid, tenantUuid), eq(ringGroups.ringGroupExtension, '301')));
    expect(row).toMatchObject({ ringGroupTimeoutApp: 'hangup', ringGroupTimeoutData: null });
  });

  it("leaves the other tenant's references alone", async () => {
    const [row] = await db().select().from(ringGroups).where(eq(ringGroups.domainUuid, otherUuid));
    expect(row?.ringGroupExtension).toBe('300');
    const [condition] = await db()
      .select()
      .from(timeConditions)
      .where(and(eq(timeConditions.domainUuid, otherUuid), eq(timeConditions.timeConditionName, '平日')));
    expect(condition).toMatchObject({ timeConditionActionType: 'action', timeConditionAction: '300' });
  });
});
