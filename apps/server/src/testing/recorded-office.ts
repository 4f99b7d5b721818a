import { weekdayAction } from '@tsunagu/contract/schedule/testing';
import { eq } from 'drizzle-orm';
import { extensions as extensionRows, ivrMenus, users as userRows } from '../platform/db/schema';
import { addIvrOptions, addRingGroupMembers } from './pbx-parts';
import { buildRecordedTenant, RECORDED_EXTENSIONS, type RecordedTenant } from './recorded-tenant';
import type { TestApp } from './test-app';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type Extension = Awaited<ReturnType<TestApp['build']['extension']>>;
type User = Awaited<ReturnType<TestApp['build']['user']>>;

/** Who answers on 1000–1003: each user's sign-in name and the caller name their extension shows. */
const CAST = {
  '1000': { username: 'admin', name: '受付', userNm: '管理者' },
  '1001': { username: 'yamada', name: '山田 太郎', userNm: '山田 太郎' },
  '1002': { username: 'suzuki', name: '鈴木 花子', userNm: '鈴木 花子' },
  '1003': { username: 'tanaka', name: '田中 一郎', userNm: '田中 一郎' },
} as const;

/** Extensions without a user, for tests that need phones nobody else uses. */
const SPARE_EXTENSIONS = ['1004', '1005', '1006', '1007', '1008', '1009'];

/** The recorded tenant working as a small office, with a second tenant and a provider beside it. */
export interface RecordedOffice extends RecordedTenant {
  /** 1004–1009, no user on them. */
  spareExtensions: Record<string, Extension>;
  /** The tenant's main line 0312345678 (calls out leave on it) and the sales line 0312345679. */
  lines: string[];
  /** A second tenant: 1000 (代表, its administrator's) and 1001 (佐藤 次郎, staff). */
  other: { tenant: Tenant; extensions: Record<'1000' | '1001', Extension>; admin: User; staff: User };
  /** A provider administrator (SP), in a tenant of its own. */
  provider: User;
}

/**
 * Builds, on top of buildRecordedTenant, what the exchange's call flows go through:
 * - the cast on 1000–1003 (受付 with the administrator `admin`, 山田 太郎 `yamada`, 鈴木 花子 `suzuki`, and
 *   田中 一郎 `tanaka` on a desk phone), and spare extensions 1004–1009;
 * - IVR 5000 greeting with welcome.wav: 1 → ring group 300 (1001, 1002), 2 → 1000;
 * - ring group 301 総務部: rollover 1000 then 1003, 20 s each, then the announcement after_hours.wav;
 * - schedule 通常営業 on 2000: weekdays 09:00–18:00 to the IVR, otherwise default_closed.wav;
 * - incoming numbers 0312345678 (代表) and 0312345679 (営業部直通) to that schedule, the same two lines
 *   as outside lines (0312345678 first), speed dial 01 → 0120123456;
 * - the built-in recordings and the ones named above, as real files in the app's data directory;
 * - a second tenant with 1000 and 1001 and a provider administrator, for the isolation checks.
 */
export async function buildRecordedOffice(
  t: Pick<TestApp, 'build' | 'database' | 'config'>,
): Promise<RecordedOffice> {
  const { build, database } = t;
  const { db } = database;
  const recorded = await buildRecordedTenant(t);
  const { tenant } = recorded;
  const users = { ...recorded.users };
  const extensions = { ...recorded.extensions };
  for (const number of RECORDED_EXTENSIONS) {
    const { username, name, userNm } = CAST[number];
    const { extensionUuid } = extensions[number];
    await db
      .update(extensionRows)
      .set({ effectiveCallerIdName: name })
      .where(eq(extensionRows.extensionUuid, extensionUuid));
    extensions[number] = { ...extensions[number], effectiveCallerIdName: name };
    await db.update(userRows).set({ username, userNm }).where(eq(userRows.userUuid, users[number].userUuid));
    users[number] = { ...users[number], username, userNm };
  }
  const spareExtensions: Record<string, Extension> = {};
  for (const extension of SPARE_EXTENSIONS)
    spareExtensions[extension] = await build.extension(tenant, { extension });

  const menu = { ivrMenuName: '代表メニュー', ivrMenuGreetLong: 'welcome.wav' };
  await db.update(ivrMenus).set(menu).where(eq(ivrMenus.ivrMenuUuid, recorded.ivrMenu.ivrMenuUuid));
  await addIvrOptions(
    t,
    tenant,
    recorded.ivrMenu,
    [
      { digit: '1', target: '300' },
      { digit: '2', target: '1000' },
    ],
    { extensions: Object.values(extensions), ringGroups: [recorded.ringGroup] },
  );

  const lines = ['0312345678', '0312345679'];
  await build.gateway(tenant, { gateway: lines[0], description: '代表回線' });
  await build.gateway(tenant, { gateway: lines[1], description: '営業部直通' });
  await build.builtInRecordings(tenant);
  await build.recording(tenant, { recordingName: '代表挨拶', recordingFilename: 'welcome.wav' });
  await build.recording(tenant, {
    recordingName: '営業時間外のご案内',
    recordingFilename: 'after_hours.wav',
  });
  const schedule = await build.schedule(tenant, {
    name: '通常営業',
    anti: { timeConditionActionType: 'announce', timeConditionAnnounce: 'default_closed.wav' },
    conditions: [weekdayAction('平日営業', '09:00-18:00', '5000')],
  });
  await build.destination(tenant, schedule, {
    destinationNumber: lines[0],
    destinationCidNamePrefix: '代表',
  });
  await build.destination(tenant, schedule, {
    destinationNumber: lines[1],
    destinationCidNamePrefix: '営業部直通',
  });
  await build.speedDial(tenant, { speedNumber: '01', phoneNumber: '0120123456', memo: '本社代表' });

  const rollover = await build.ringGroup(tenant, {
    ringGroupExtension: '301',
    ringGroupName: '総務部',
    ringGroupStrategy: 'rollover',
    ringGroupTimeoutApp: 'lua',
    ringGroupTimeoutData: 'streamfile.lua after_hours.wav',
  });
  await addRingGroupMembers(t, rollover, ['1000', '1003'], 20);

  const otherTenant = await build.tenant({ domainDescription: 'テスト商事' });
  const other = {
    tenant: otherTenant,
    extensions: {
      '1000': await build.extension(otherTenant, { extension: '1000', effectiveCallerIdName: '代表' }),
      '1001': await build.extension(otherTenant, { extension: '1001', effectiveCallerIdName: '佐藤 次郎' }),
    },
  };
  const providerTenant = await build.tenant({ domainDescription: 'プロバイダ' });
  return {
    ...recorded,
    extensions,
    users,
    ivrMenu: { ...recorded.ivrMenu, ...menu },
    spareExtensions,
    lines,
    other: {
      ...other,
      admin: await build.user(otherTenant, {
        userClass: 'CP',
        userNm: '管理者B',
        extensionUuid: other.extensions['1000'].extensionUuid,
      }),
      staff: await build.user(otherTenant, {
        userNm: '佐藤 次郎',
        extensionUuid: other.extensions['1001'].extensionUuid,
      }),
    },
    provider: await build.user(providerTenant, { userClass: 'SP', userNm: 'プロバイダ管理者' }),
  };
}
