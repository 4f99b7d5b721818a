import type { InjectOptions } from 'fastify';
import { FACTORY_PASSWORD } from './factories';
import { createTestApp, type TestApp, type TestSession } from './test-app';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type User = Awaited<ReturnType<TestApp['build']['user']>>;

interface Requests {
  get(session: TestSession | null, url: string): ReturnType<TestApp['request']>;
  post(
    session: TestSession | null,
    url: string,
    payload: InjectOptions['payload'],
  ): ReturnType<TestApp['request']>;
  del(session: TestSession | null, url: string): ReturnType<TestApp['request']>;
}

const requests = (t: TestApp): Requests => ({
  get: (session, url) => t.request(session, { method: 'GET', url }),
  post: (session, url, payload) => t.request(session, { method: 'POST', url, payload }),
  del: (session, url) => t.request(session, { method: 'DELETE', url }),
});

/**
 * A test app on an empty database with two tenants built by the factories, the sessions the PBX
 * tests act as, and short request helpers. Tests build the rows they assert on in `tenant` (and in
 * `otherTenant` for the cross-tenant checks).
 */
export interface PbxKit extends Requests {
  t: TestApp;
  tenant: Tenant;
  /** A second tenant, whose rows the first tenant's users must neither see nor change. */
  otherTenant: Tenant;
  tenantUuid: string;
  otherTenantUuid: string;
  /** The tenant's administrator (CP). */
  admin: TestSession;
  /** The other tenant's administrator (CP). */
  adminB: TestSession;
  /** A staff user of the tenant, whose menu hides PBX management. */
  staff: TestSession;
  /** A provider administrator (SP), in a tenant of its own. */
  sp: TestSession;
  /** The rows behind the four sessions. */
  users: { admin: User; adminB: User; staff: User; sp: User };
}

export async function createPbxKit(options: Parameters<typeof createTestApp>[0] = {}): Promise<PbxKit> {
  const t = await createTestApp(options);
  const { build } = t;
  const [tenant, otherTenant, providerTenant] = await Promise.all([
    build.tenant({ domainDescription: '試験株式会社' }),
    build.tenant({ domainDescription: '別テナント商事' }),
    build.tenant({ domainDescription: 'プロバイダ' }),
  ]);
  const users = {
    admin: await build.user(tenant, { userClass: 'CP', userNm: '管理者' }),
    adminB: await build.user(otherTenant, { userClass: 'CP', userNm: '管理者B' }),
    staff: await build.user(tenant, { userNm: '山田 太郎' }),
    sp: await build.user(providerTenant, { userClass: 'SP', userNm: 'プロバイダ管理者' }),
  };
  const login = (user: User) => t.login(user.username, FACTORY_PASSWORD);
  const [admin, adminB, staff, sp] = await Promise.all([
    login(users.admin),
    login(users.adminB),
    login(users.staff),
    login(users.sp),
  ]);
  return {
    t,
    tenant,
    otherTenant,
    tenantUuid: tenant.domainUuid,
    otherTenantUuid: otherTenant.domainUuid,
    admin,
    adminB,
    staff,
    sp,
    users,
    ...requests(t),
  };
}
