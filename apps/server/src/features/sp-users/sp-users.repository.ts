import type { SpUser } from '@tsunagu/contract/tenant-admin';
import { USER_CLASS } from '@tsunagu/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

const provider = eq(users.userClass, USER_CLASS.provider);

/** Every provider user, by login ID, with their last successful sign-in. */
export async function listSpUsers(conn: Conn): Promise<SpUser[]> {
  const rows = await conn
    .select({
      userUuid: users.userUuid,
      username: users.username,
      userNm: users.userNm,
      enabled: users.enabled,
      createdAt: users.createdAt,
      lastLoginAt: sql<string | null>`(SELECT max(a.created_at) FROM audit_log a
        WHERE a.user_uuid = users.user_uuid AND a.action = 'login.success')`,
    })
    .from(users)
    .where(provider)
    .orderBy(asc(sql`lower(${users.username})`));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt === null ? null : new Date(r.lastLoginAt).toISOString(),
  }));
}

/**
 * Locks every provider user's row until the transaction ends: the last-provider guard counts them,
 * and two requests disabling the last two must be counted one after the other.
 */
export async function lockProviders(conn: Conn): Promise<void> {
  await conn.select({ userUuid: users.userUuid }).from(users).where(provider).for('update');
}

/** The provider user with this id, or null (any other user is not found here). */
export async function findSpUser(conn: Conn, userUuid: string) {
  const [row] = await conn
    .select()
    .from(users)
    .where(and(eq(users.userUuid, userUuid), provider));
  return row ?? null;
}

/** How many enabled provider users there are besides this one. */
export async function otherEnabledProviders(conn: Conn, userUuid: string): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(provider, eq(users.enabled, true), ne(users.userUuid, userUuid)));
  return row?.n ?? 0;
}

/** True when another user (of any tenant) has this login ID, regardless of case. */
export async function loginIdTaken(conn: Conn, username: string, except: string | null): Promise<boolean> {
  const [row] = await conn
    .select({ userUuid: users.userUuid })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        except ? ne(users.userUuid, except) : undefined,
      ),
    );
  return Boolean(row);
}
