import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { domains, userRecoveryCodes, userTwoStep } from '../../db/schema';

/** A user's two-step state as stored (secrets sealed). */
export interface TwoStepRow {
  secretEnc: string | null;
  pendingEnc: string | null;
  lastStep: number;
}

/** The user's state, or null when they never started a registration. */
export async function findTwoStep(conn: Conn, userUuid: string): Promise<TwoStepRow | null> {
  const [row] = await conn
    .select({
      secretEnc: userTwoStep.secretEnc,
      pendingEnc: userTwoStep.pendingEnc,
      lastStep: userTwoStep.lastStep,
    })
    .from(userTwoStep)
    .where(eq(userTwoStep.userUuid, userUuid));
  return row ?? null;
}

/** The state, locked for the rest of the transaction: two tries of one code are checked one at a time. */
export async function lockTwoStep(conn: Conn, userUuid: string): Promise<TwoStepRow | null> {
  const [row] = await conn
    .select({
      secretEnc: userTwoStep.secretEnc,
      pendingEnc: userTwoStep.pendingEnc,
      lastStep: userTwoStep.lastStep,
    })
    .from(userTwoStep)
    .where(eq(userTwoStep.userUuid, userUuid))
    .for('update');
  return row ?? null;
}

/** Keeps a registration being set up (replacing an earlier unconfirmed one); an enabled secret stays. */
export async function savePending(conn: Conn, userUuid: string, pendingEnc: string): Promise<void> {
  await conn
    .insert(userTwoStep)
    .values({ userUuid, pendingEnc })
    .onConflictDoUpdate({ target: userTwoStep.userUuid, set: { pendingEnc, updatedAt: sql`now()` } });
}

/** The pending registration becomes the user's secret; `step` is the code that confirmed it. */
export async function enableTwoStep(conn: Conn, userUuid: string, secretEnc: string, step: number, at: Date) {
  await conn
    .update(userTwoStep)
    .set({ secretEnc, pendingEnc: null, lastStep: step, enabledAt: at, updatedAt: at })
    .where(eq(userTwoStep.userUuid, userUuid));
}

/** Remembers the step of the code just accepted. */
export async function setLastStep(conn: Conn, userUuid: string, step: number): Promise<void> {
  await conn.update(userTwoStep).set({ lastStep: step }).where(eq(userTwoStep.userUuid, userUuid));
}

/** Turns two-step sign-in off: the secret and every recovery code go. */
export async function removeTwoStep(conn: Conn, userUuid: string): Promise<void> {
  await conn.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userUuid, userUuid));
  await conn.delete(userTwoStep).where(eq(userTwoStep.userUuid, userUuid));
}

/** The user's recovery codes become these (digests); the old ones stop working. */
export async function replaceRecoveryCodes(conn: Conn, userUuid: string, hashes: string[]): Promise<void> {
  await conn.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userUuid, userUuid));
  await conn.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userUuid, codeHash })));
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(conn: Conn, userUuid: string, codeHash: string, at: Date) {
  const used = await conn
    .update(userRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(userRecoveryCodes.userUuid, userUuid),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: userRecoveryCodes.codeHash });
  return used.length > 0;
}

/** How many recovery codes the user has left. */
export async function recoveryCodesLeft(conn: Conn, userUuid: string): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userUuid, userUuid), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether the tenant requires two-step sign-in of its administrators (null: no such tenant). */
export async function findTwoStepPolicy(conn: Conn, tenantUuid: string): Promise<boolean | null> {
  const [row] = await conn
    .select({ twoStepForAdmins: domains.twoStepForAdmins })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row ? row.twoStepForAdmins : null;
}

export async function saveTwoStepPolicy(conn: Conn, tenantUuid: string, twoStepForAdmins: boolean) {
  const rows = await conn
    .update(domains)
    .set({ twoStepForAdmins })
    .where(eq(domains.domainUuid, tenantUuid))
    .returning({ domainUuid: domains.domainUuid });
  return rows.length > 0;
}
