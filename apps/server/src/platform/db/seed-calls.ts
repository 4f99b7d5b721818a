import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from './client';
import { domains, extensions } from './schema';
import { cdrs } from './staff-schema';

type Leg = [
  ext: string,
  direction: 'inbound' | 'outbound' | 'local',
  from: string,
  to: string,
  minutesAgo: number,
  billsec: number,
];

/** A day of calls for the demo staff, so the call-history tab is not empty on first start. */
const DEMO_CALLS: Leg[] = [
  ['1001', 'inbound', '0312340001', '1001', 35, 184],
  ['1001', 'outbound', '1001', '0667778888', 80, 62],
  ['1001', 'inbound', 'Anonymous', '1001', 140, 0],
  ['1001', 'local', '1002', '1001', 200, 45],
  ['1002', 'local', '1002', '1001', 200, 45],
  ['1001', 'inbound', '09011112222', '1001', 320, 0],
  ['1002', 'inbound', '0312340001', '1002', 50, 95],
  ['1002', 'outbound', '1002', '0455556666', 260, 0],
  ['1003', 'inbound', '0520001111', '1003', 90, 300],
  ['1003', 'outbound', '1003', '0312340001', 400, 121],
];

/** Inserts the demo call records for the demo tenant (inside the seeding transaction). */
export async function seedDemoCalls(tx: Tx, domainName: string, now = Date.now()): Promise<void> {
  const [domain] = await tx.select().from(domains).where(eq(domains.domainName, domainName));
  if (!domain) return;
  const rows = [];
  for (const [ext, direction, from, to, minutesAgo, billsec] of DEMO_CALLS) {
    const [own] = await tx
      .select({ extensionUuid: extensions.extensionUuid })
      .from(extensions)
      .where(and(eq(extensions.domainUuid, domain.domainUuid), eq(extensions.extension, ext)));
    const start = new Date(now - minutesAgo * 60_000);
    const answered = billsec > 0 ? new Date(start.getTime() + 8_000) : null;
    rows.push({
      cdrUuid: randomUUID(),
      domainUuid: domain.domainUuid,
      callUuid: randomUUID(),
      extensionUuid: own?.extensionUuid ?? null,
      direction,
      callerIdNumber: from,
      destinationNumber: to,
      startStamp: start,
      answerStamp: answered,
      endStamp: new Date(start.getTime() + 8_000 + billsec * 1000),
      duration: 8 + billsec,
      billsec,
      hangupCause: billsec > 0 ? 'NORMAL_CLEARING' : 'NO_ANSWER',
    });
  }
  await tx.insert(cdrs).values(rows);
}
