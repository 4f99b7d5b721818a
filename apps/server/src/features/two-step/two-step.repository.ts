import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, users } from '../../platform/db/schema';

/** The user's name and password hash (proof for turning two-step sign-in off). */
export async function findUserProof(conn: Conn, userUuid: string) {
  const [row] = await conn
    .select({ userNm: users.userNm, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.userUuid, userUuid));
  return row ?? null;
}

/** The tenant's domain name (the policy entry's label). */
export async function findDomainName(conn: Conn, tenantUuid: string): Promise<string | null> {
  const [row] = await conn
    .select({ domainName: domains.domainName })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row?.domainName ?? null;
}
