import { randomUUID } from 'node:crypto';
import { menuConfig } from '@tsunagu/contract';
import { weekdayAction } from '@tsunagu/contract/schedule/testing';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { seedDemoCalls } from './seed-calls';
import { seedDemoCustomers } from './seed-customers';
import { seedDemoStatuses } from './seed-status';
import { generateExtensionPassword, type SecretBox } from '../crypto/secrets';
import type { RecordingStorage } from '../files/recording-storage';
import type { Db, Tx } from './client';
import { domains, extensions, gateways, userGroupMembers, userGroups, users } from './schema';
import {
  addDestinations,
  addIvr,
  addRecordings,
  addRingGroup,
  addSchedule,
  addSpeedDials,
  type SeedTenant,
} from './seed-pbx';

export const DEMO_DOMAIN = 'demo.tsunagu.local';

/** Sign-ins the demo prints on the login page and in the README. */
export const DEMO_SIGN_INS = [
  { username: 'sp', password: 'Sp#Admin2026', role: 'プロバイダ管理者' },
  { username: 'admin', password: 'Admin#2026', role: 'サンプル株式会社の管理者（内線1000）' },
  { username: 'yamada', password: 'Staff#2026', role: 'スタッフ・ヘッドセット（内線1001）' },
  { username: 'suzuki', password: 'Staff#2026', role: 'スタッフ・ヘッドセット（内線1002）' },
  { username: 'tanaka', password: 'Staff#2026', role: 'スタッフ・卓上電話（内線1003）' },
  { username: 'admin-b', password: 'Admin#2026', role: 'テスト商事の管理者' },
] as const;

/** Staff see Home and the customer section; PBX management, system and analysis are hidden. */
export const STAFF_MENU = menuConfig([3000, 3100, 3200, 8000, 4000, 4100, 4200, 4300]);

const DEMO_EXTENSIONS: [string, string][] = [
  ['1000', '受付'],
  ['1001', '山田 太郎'],
  ['1002', '鈴木 花子'],
  ['1003', '田中 一郎'],
  ['1004', '佐々木 健'],
  ['1005', '会議室A'],
  ['1006', '会議室B'],
  ['1007', '営業部 共有'],
  ['1008', '総務部 共有'],
  ['1009', 'FAX'],
  ['1010', '倉庫'],
];

interface UserSeed {
  username: string;
  password: string;
  userNm: string;
  userClass: 'SP' | 'CP' | 'USER';
  phoneType?: 'verto' | 'phone';
  extension?: string;
}

async function addDomain(tx: Tx, domainName: string, description: string): Promise<string> {
  const domainUuid = randomUUID();
  await tx.insert(domains).values({ domainUuid, domainName, domainDescription: description });
  return domainUuid;
}

async function addExtensions(tx: Tx, secrets: SecretBox, tenantUuid: string, list: [string, string][]) {
  const rows = list.map(([extension, name]) => ({
    extensionUuid: randomUUID(),
    domainUuid: tenantUuid,
    extension,
    passwordEnc: secrets.seal(generateExtensionPassword()),
    effectiveCallerIdName: name,
  }));
  await tx.insert(extensions).values(rows);
  return new Map(rows.map((r) => [r.extension, r.extensionUuid]));
}

async function addUsers(tx: Tx, tenantUuid: string, exts: Map<string, string>, list: UserSeed[]) {
  const rows = await Promise.all(
    list.map(async (u) => ({
      userUuid: randomUUID(),
      domainUuid: tenantUuid,
      username: u.username,
      userNm: u.userNm,
      passwordHash: await hashPassword(u.password),
      userClass: u.userClass,
      phoneType: u.phoneType ?? 'verto',
      menu: u.userClass === 'USER' ? STAFF_MENU : '[]',
      extensionUuid: u.extension ? (exts.get(u.extension) ?? null) : null,
    })),
  );
  await tx.insert(users).values(rows);
  return new Map(rows.map((r) => [r.username, r.userUuid]));
}

async function addGroup(
  tx: Tx,
  domainUuid: string,
  name: string,
  rep: string | null,
  order: number,
  members: string[],
) {
  const userGroupUuid = randomUUID();
  await tx
    .insert(userGroups)
    .values({ userGroupUuid, domainUuid, name, representativeNumber: rep, sortOrder: order });
  await tx
    .insert(userGroupMembers)
    .values(members.map((userUuid, i) => ({ userGroupUuid, userUuid, sortOrder: i })));
}

/** True when no tenant exists yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(domains);
  return (row?.n ?? 0) === 0;
}

/** True when the demo tenant is present. */
export async function hasDemo(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(domains)
    .where(sql`${domains.domainName} = ${DEMO_DOMAIN}`);
  return (row?.n ?? 0) > 0;
}

/** Loads the demo provider and two tenants in one transaction; recording files go to `storage`. */
export async function seedDemo(db: Db, secrets: SecretBox, storage: RecordingStorage): Promise<void> {
  await db.transaction(async (tx) => {
    const provider = await addDomain(tx, 'provider.tsunagu.local', 'つなぐ プロバイダ');
    await addUsers(tx, provider, new Map(), [
      { username: 'sp', password: 'Sp#Admin2026', userNm: 'プロバイダ管理者', userClass: 'SP' },
    ]);

    const demo = await addDomain(tx, DEMO_DOMAIN, 'サンプル株式会社');
    const demoExts = await addExtensions(tx, secrets, demo, DEMO_EXTENSIONS);
    const demoUsers = await addUsers(tx, demo, demoExts, [
      { username: 'admin', password: 'Admin#2026', userNm: '管理者', userClass: 'CP', extension: '1000' },
      {
        username: 'yamada',
        password: 'Staff#2026',
        userNm: '山田 太郎',
        userClass: 'USER',
        extension: '1001',
      },
      {
        username: 'suzuki',
        password: 'Staff#2026',
        userNm: '鈴木 花子',
        userClass: 'USER',
        extension: '1002',
      },
      {
        username: 'tanaka',
        password: 'Staff#2026',
        userNm: '田中 一郎',
        userClass: 'USER',
        phoneType: 'phone',
        extension: '1003',
      },
    ]);
    const uuid = (name: string) => demoUsers.get(name) as string;
    await addGroup(tx, demo, '営業部', '300', 0, [uuid('yamada'), uuid('suzuki')]);
    await addGroup(tx, demo, '総務部', null, 1, [uuid('admin'), uuid('tanaka')]);
    await tx.insert(gateways).values([
      { gatewayUuid: randomUUID(), domainUuid: demo, gateway: '0312345678', description: '代表回線' },
      { gatewayUuid: randomUUID(), domainUuid: demo, gateway: '0312345679', description: '営業部直通' },
    ]);

    const other = await addDomain(tx, 'other.tsunagu.local', 'テスト商事');
    const otherExts = await addExtensions(tx, secrets, other, [
      ['1000', '代表'],
      ['1001', '佐藤 次郎'],
    ]);
    const otherUsers = await addUsers(tx, other, otherExts, [
      { username: 'admin-b', password: 'Admin#2026', userNm: '管理者B', userClass: 'CP', extension: '1000' },
      { username: 'sato', password: 'Staff#2026', userNm: '佐藤 次郎', userClass: 'USER', extension: '1001' },
    ]);
    await addGroup(tx, other, '本社', null, 0, [...otherUsers.values()]);
    await tx.insert(gateways).values({
      gatewayUuid: randomUUID(),
      domainUuid: other,
      gateway: '0698765432',
      description: '代表回線',
    });

    await seedDemoPbx(tx, storage, { domainUuid: demo, domainName: DEMO_DOMAIN });
    await seedDemoCustomers(tx, demo, demoUsers);
    await seedDemoCalls(tx, DEMO_DOMAIN);
    await seedDemoStatuses(tx, demo);
    await seedOtherPbx(tx, storage, { domainUuid: other, domainName: 'other.tsunagu.local' });
  });
}

/** The demo tenant's PBX: recordings, two ring groups, an IVR, the schedule '通常営業' and its numbers. */
async function seedDemoPbx(tx: Tx, storage: RecordingStorage, tenant: SeedTenant) {
  await addRecordings(tx, storage, tenant, [
    ['代表挨拶', 'welcome.wav', 660, false],
    ['営業時間外のご案内', 'after_hours.wav', 330, false],
    ['キャンペーン告知', 'campaign.wav', 587, false],
  ]);
  await addRingGroup(tx, tenant, {
    ringGroupExtension: '300',
    ringGroupName: '営業部',
    destList: ['1001', '1002'],
  });
  await addRingGroup(tx, tenant, {
    ringGroupExtension: '301',
    ringGroupName: '総務部',
    ringGroupStrategy: 'rollover',
    destinationTimeout: 20,
    ringGroupTimeoutApp: 'lua',
    ringGroupTimeoutDataFile: 'after_hours.wav',
    destList: ['1000', '1003'],
  });
  const targets = {
    extensions: DEMO_EXTENSIONS.map(([extension, effectiveCallerIdName]) => ({
      extension,
      effectiveCallerIdName,
    })),
    ringGroups: [{ ringGroupExtension: '300', ringGroupName: '営業部', ringGroupContext: tenant.domainName }],
    ivrMenus: [],
  };
  const menu = {
    name: '代表メニュー',
    number: '5000',
    greeting: 'welcome.wav',
    description: '1: 営業部 / 2: 受付',
  };
  const options = [
    { digit: '1', ext: '300' },
    { digit: '2', ext: '1000' },
  ];
  await addIvr(tx, tenant, menu, options, targets);
  const closed = {
    timeConditionActionType: 'announce',
    timeConditionAnnounce: 'default_closed.wav',
  } as const;
  await addSchedule(tx, tenant, '通常営業', '2000', closed, [
    weekdayAction('平日営業', '09:00-18:00', '5000'),
  ]);
  await addDestinations(tx, tenant, '2000', [
    ['0312345678', '代表'],
    ['0312345679', '営業部直通'],
  ]);
  await addSpeedDials(tx, tenant, [
    ['01', '0120123456', '本社代表'],
    ['02', '0662345678', '大阪営業所'],
    ['03', '09012345678', '山田 携帯'],
  ]);
}

/** The second tenant gets a little of everything, so isolation tests have real rows to try. */
async function seedOtherPbx(tx: Tx, storage: RecordingStorage, tenant: SeedTenant) {
  await addRecordings(tx, storage, tenant, [['本社挨拶', 'other_greeting.wav', 494, false]]);
  await addRingGroup(tx, tenant, {
    ringGroupExtension: '300',
    ringGroupName: '本社',
    destList: ['1000', '1001'],
  });
  await addSpeedDials(tx, tenant, [['01', '0312345678', 'サンプル株式会社']]);
  await addSchedule(tx, tenant, '本社営業', '2000', {}, [weekdayAction('平日', '10:00-17:00', '300')]);
  await addDestinations(tx, tenant, '2000', [['0698765432', '本社代表']]);
}
