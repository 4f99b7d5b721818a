import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, users, userTwoStep } from '../../platform/db/schema';

/** A sign-in's account: the user, their tenant's state, and what two-step sign-in asks of them. */
async function loginAccountWhere(conn: Conn, where: SQL) {
  const [row] = await conn
    .select({
      userUuid: users.userUuid,
      username: users.username,
      userNm: users.userNm,
      userClass: users.userClass,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
      maxSessions: users.maxSessions,
      domainUuid: users.domainUuid,
      domainEnabled: domains.enabled,
      twoStepForAdmins: domains.twoStepForAdmins,
      twoStepOn: isNotNull(userTwoStep.secretEnc).mapWith(Boolean),
    })
    .from(users)
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .leftJoin(userTwoStep, eq(userTwoStep.userUuid, users.userUuid))
    .where(where);
  return row ?? null;
}

/** The account behind a login ID (case-insensitive), with its tenant's state. */
export function findLoginAccount(conn: Conn, username: string) {
  return loginAccountWhere(conn, sql`lower(${users.username}) = lower(${username})`);
}

/** The account a two-step ticket names. */
export function findLoginAccountByUuid(conn: Conn, userUuid: string) {
  return loginAccountWhere(conn, eq(users.userUuid, userUuid));
}

export type LoginAccount = NonNullable<Awaited<ReturnType<typeof findLoginAccount>>>;

/** Locks the user's row for the rest of the transaction so concurrent sign-ins count sessions one at a time. */
export async function lockUser(conn: Conn, userUuid: string): Promise<void> {
  await conn.execute(sql`SELECT 1 FROM users WHERE user_uuid = ${userUuid} FOR UPDATE`);
}
