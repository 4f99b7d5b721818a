import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Conn } from '../platform/db/client';
import type { TokenSigner } from '../platform/auth/tokens';

/** A user signed in without the sign-in endpoint (argon2 would take minutes for thousands). */
export interface SignedInUser {
  userUuid: string;
  username: string;
  token: string;
}

/**
 * Adds `count` users to the tenant, each with one live session and its token: the crowd of a presence
 * test or a mass-reconnect benchmark. Usernames start with `prefix`; nobody can sign in with a password.
 */
export async function signInMany(
  conn: Conn,
  tokens: TokenSigner,
  domainUuid: string,
  count: number,
  prefix = 'crowd',
): Promise<SignedInUser[]> {
  const expiresAt = new Date(Date.now() + 8 * 3600_000);
  const crowd = Array.from({ length: count }, (_, i) => ({
    userUuid: randomUUID(),
    sessionUuid: randomUUID(),
    username: `${prefix}${i}`,
  }));
  for (let start = 0; start < crowd.length; start += 1_000) {
    const batch = crowd.slice(start, start + 1_000);
    await conn.execute(sql`INSERT INTO users (user_uuid, domain_uuid, username, user_nm, password_hash)
      VALUES ${sql.join(
        batch.map((u) => sql`(${u.userUuid}::uuid, ${domainUuid}::uuid, ${u.username}, ${u.username}, '!')`),
        sql`, `,
      )}`);
    await conn.execute(sql`INSERT INTO sessions (session_uuid, user_uuid, domain_uuid, expires_at)
      VALUES ${sql.join(
        batch.map(
          (u) => sql`(${u.sessionUuid}::uuid, ${u.userUuid}::uuid, ${domainUuid}::uuid, ${expiresAt})`,
        ),
        sql`, `,
      )}`);
  }
  return Promise.all(
    crowd.map(async (u) => ({
      userUuid: u.userUuid,
      username: u.username,
      token: await tokens.sign({ sub: u.username, sid: u.sessionUuid }, expiresAt),
    })),
  );
}
