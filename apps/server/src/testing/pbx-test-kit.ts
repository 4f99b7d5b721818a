import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { domains } from '../platform/db/schema';
import { createTestApp, PASSWORDS, type TestApp, type TestSession } from './test-app';

/** A test app with the sessions the PBX tests act as, and short request helpers. */
export interface PbxKit {
  t: TestApp;
  /** Demo tenant administrator (CP). */
  admin: TestSession;
  /** The other tenant's administrator (CP). */
  adminB: TestSession;
  /** Demo staff whose menu hides PBX management. */
  staff: TestSession;
  /** Provider administrator. */
  sp: TestSession;
  demoUuid: string;
  otherUuid: string;
  get(session: TestSession | null, url: string): ReturnType<TestApp['request']>;
  post(
    session: TestSession | null,
    url: string,
    payload: InjectOptions['payload'],
  ): ReturnType<TestApp['request']>;
  del(session: TestSession | null, url: string): ReturnType<TestApp['request']>;
}

export async function createPbxKit(): Promise<PbxKit> {
  const t = await createTestApp();
  const uuidOf = async (name: string) =>
    (await t.database.db.select().from(domains).where(eq(domains.domainName, name)))[0]?.domainUuid as string;
  const login = (username: string) => t.login(username, PASSWORDS[username] as string);
  const [admin, adminB, staff, sp, demoUuid, otherUuid] = await Promise.all([
    login('admin'),
    login('admin-b'),
    login('yamada'),
    login('sp'),
    uuidOf('demo.tsunagu.local'),
    uuidOf('other.tsunagu.local'),
  ]);
  return {
    t,
    admin,
    adminB,
    staff,
    sp,
    demoUuid,
    otherUuid,
    get: (session, url) => t.request(session, { method: 'GET', url }),
    post: (session, url, payload) => t.request(session, { method: 'POST', url, payload }),
    del: (session, url) => t.request(session, { method: 'DELETE', url }),
  };
}
