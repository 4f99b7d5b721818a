import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, mailLog } from '../../platform/db/schema';

export type AbsenceMailKind = (typeof mailLog.$inferSelect)['kind'];

/** The tenant an engine names by its domain name, with the time zone its mails are written in. */
export async function tenantByDomainName(
  conn: Conn,
  domainName: string,
): Promise<{ domainUuid: string; timeZone: string } | null> {
  const [row] = await conn
    .select({ domainUuid: domains.domainUuid, timeZone: domains.timeZone })
    .from(domains)
    .where(eq(domains.domainName, domainName))
    .limit(1);
  return row ?? null;
}

/** Claims the one mail of a kind for a call; false when it was claimed before (by any instance). */
export async function claimMail(
  conn: Conn,
  tenantUuid: string,
  mail: { callUuid: string; kind: AbsenceMailKind; email: string },
): Promise<boolean> {
  const inserted = await conn
    .insert(mailLog)
    .values({ domainUuid: tenantUuid, ...mail })
    .onConflictDoNothing()
    .returning({ callUuid: mailLog.callUuid });
  return inserted.length > 0;
}

/** Records that a claimed mail was handed over. */
export async function markSent(
  conn: Conn,
  tenantUuid: string,
  mail: { callUuid: string; kind: AbsenceMailKind },
  at: Date,
): Promise<void> {
  await conn
    .update(mailLog)
    .set({ sentAt: at })
    .where(
      and(
        eq(mailLog.domainUuid, tenantUuid),
        eq(mailLog.callUuid, mail.callUuid),
        eq(mailLog.kind, mail.kind),
      ),
    );
}
