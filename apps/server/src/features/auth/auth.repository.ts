import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, users } from '../../platform/db/schema';

/** The account behind a login ID (case-insensitive), with its tenant's state. */
export async function findLoginAccount(conn: Conn, username: string) {
  const [row] = await conn
    .select({
      userUuid: users.userUuid,
      username: users.username,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
      maxSessions: users.maxSessions,
      domainUuid: users.domainUuid,
      domainEnabled: domains.enabled,
    })
    .from(users)
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

/** Locks the user's row for the rest of the transaction so concurrent sign-ins count sessions one at a time. */
export async function lockUser(conn: Conn, userUuid: string): Promise<void> {
  await conn.execute(sql`SELECT 1 FROM users WHERE user_uuid = ${userUuid} FOR UPDATE`);
}
