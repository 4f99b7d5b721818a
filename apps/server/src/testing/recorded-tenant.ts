import { randomUUID } from 'node:crypto';
import type { Actor } from '../platform/audit/audited-transaction';
import { ringGroupDestinations } from '../platform/db/schema';
import type { TestApp } from './test-app';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type Extension = Awaited<ReturnType<TestApp['build']['extension']>>;
type User = Awaited<ReturnType<TestApp['build']['user']>>;
type RingGroup = Awaited<ReturnType<TestApp['build']['ringGroup']>>;
type IvrMenu = Awaited<ReturnType<TestApp['build']['ivrMenu']>>;

/**
 * The domain the recorded FreeSWITCH traffic (fixtures/freeswitch) names: the console trial's tenant; the
 * older recording's `tenant-a.example` is read as it (recordedForm replaces the name).
 */
export const RECORDED_DOMAIN = 'demo.tsunagu.local';

/** The extension numbers the recorded traffic calls, registers and signs in as. */
export const RECORDED_EXTENSIONS = ['1000', '1001', '1002', '1003'] as const;
export type RecordedExtension = (typeof RECORDED_EXTENSIONS)[number];

/** The tenant the recorded FreeSWITCH traffic talks about, built by the factories. */
export interface RecordedTenant {
  tenant: Tenant;
  extensions: Record<RecordedExtension, Extension>;
  /**
   * One user on each extension: 1000's is the tenant's administrator (CP), the others staff; 1003's
   * phone is a desk phone (the trial's `sipp`), the others softphones.
   */
  users: Record<RecordedExtension, User>;
  /** Ring group 300, ringing 1001 and 1002. */
  ringGroup: RingGroup;
  /** IVR menu 5000, without options. */
  ivrMenu: IvrMenu;
}

/**
 * Builds the rows the recorded FreeSWITCH traffic refers to: the tenant `RECORDED_DOMAIN`, its
 * extensions 1000–1003 with a user each, ring group 300 (1001, 1002) and IVR menu 5000. Nothing else:
 * a test adds what it is about.
 */
export async function buildRecordedTenant(t: Pick<TestApp, 'build' | 'database'>): Promise<RecordedTenant> {
  const { build } = t;
  const tenant = await build.tenant({ domainName: RECORDED_DOMAIN, domainDescription: '録音の会社' });
  const extensions = {} as Record<RecordedExtension, Extension>;
  const users = {} as Record<RecordedExtension, User>;
  for (const number of RECORDED_EXTENSIONS) {
    const extension = await build.extension(tenant, { extension: number });
    extensions[number] = extension;
    users[number] = await build.user(tenant, {
      extensionUuid: extension.extensionUuid,
      ...(number === '1000' ? { userClass: 'CP' as const } : {}),
      ...(number === '1003' ? { phoneType: 'phone' as const } : {}),
    });
  }
  const ringGroup = await build.ringGroup(tenant, { ringGroupExtension: '300' });
  await addRingGroupMembers(t, ringGroup, ['1001', '1002']);
  const ivrMenu = await build.ivrMenu(tenant, { ivrMenuExtension: '5000' });
  return { tenant, extensions, users, ringGroup, ivrMenu };
}

/** Adds the numbers a ring group rings, in order, each for `seconds`. */
export async function addRingGroupMembers(
  t: Pick<TestApp, 'database'>,
  ringGroup: RingGroup,
  numbers: string[],
  seconds = 30,
): Promise<void> {
  await t.database.db.insert(ringGroupDestinations).values(
    numbers.map((destinationNumber, sortOrder) => ({
      ringGroupUuid: ringGroup.ringGroupUuid,
      domainUuid: ringGroup.domainUuid,
      destinationNumber,
      destinationTimeout: seconds,
      sortOrder,
    })),
  );
}

/** A built user as the acting user of a service call (no sign-in: a session id of its own). */
export function actorOf(user: User, tenant: Tenant): Actor {
  return {
    auth: { ...user, sessionUuid: randomUUID(), domainName: tenant.domainName },
    ip: '127.0.0.1',
  };
}
