import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LegStage } from '@tsunagu/contract';
import { storeCallOf } from '../call-model/store-call';
import { applyCallToRecall } from '../call-model/recall-life-cycle';
import type { Tx } from './client';
import { domains, extensions } from './schema';
import { cdrs } from './staff-schema';

/** One leg: whose (null: the outside party), as the engines report it. */
interface DemoLeg {
  ext: string | null;
  direction: 'inbound' | 'outbound' | 'local';
  from: string;
  to: string;
  /** Seconds talked on this leg (0: not put through). */
  billsec: number;
  originating: boolean;
  endedIn?: LegStage;
  cause?: string;
}

/** One call: how long ago it started and its legs. */
interface DemoCall {
  minutesAgo: number;
  /** Seconds it rang before anyone answered (or before the caller gave up). */
  ring: number;
  legs: DemoLeg[];
}

const outside = (from: string, to: string, billsec: number, more: Partial<DemoLeg> = {}): DemoLeg => ({
  ext: null,
  direction: 'inbound',
  from,
  to,
  billsec,
  originating: true,
  ...more,
});
const rung = (ext: string, from: string, billsec: number, cause?: string): DemoLeg => ({
  ext,
  direction: 'inbound',
  from,
  to: ext,
  billsec,
  originating: false,
  ...(cause ? { cause } : {}),
});
const placed = (ext: string, to: string, billsec: number, direction: 'outbound' | 'local'): DemoLeg => ({
  ext,
  direction,
  from: ext,
  to,
  billsec,
  originating: true,
  ...(billsec === 0 ? { cause: 'NO_ANSWER' } : {}),
});

/**
 * A day of calls for the demo staff, so the call history, the tenant's history and the recall list are
 * not empty on first start: answered and missed calls, a ring group nobody took, an IVR caller who gave up.
 */
const DEMO_CALLS: DemoCall[] = [
  {
    minutesAgo: 35,
    ring: 8,
    legs: [outside('0312340001', '0312345678', 184), rung('1001', '0312340001', 184)],
  },
  { minutesAgo: 80, ring: 8, legs: [placed('1001', '0667778888', 62, 'outbound')] },
  {
    minutesAgo: 140,
    ring: 20,
    legs: [outside('Anonymous', '0312345678', 0), rung('1001', 'Anonymous', 0, 'NO_ANSWER')],
  },
  {
    minutesAgo: 200,
    ring: 8,
    legs: [placed('1002', '1001', 45, 'local'), { ...rung('1001', '1002', 45), direction: 'local' }],
  },
  {
    minutesAgo: 320,
    ring: 30,
    legs: [
      outside('09011112222', '0312345678', 0, { cause: 'ORIGINATOR_CANCEL' }),
      rung('1001', '09011112222', 0, 'ORIGINATOR_CANCEL'),
      rung('1002', '09011112222', 0, 'ORIGINATOR_CANCEL'),
    ],
  },
  {
    minutesAgo: 50,
    ring: 8,
    legs: [outside('0312340001', '0312345678', 95), rung('1002', '0312340001', 95)],
  },
  { minutesAgo: 260, ring: 30, legs: [placed('1002', '0455556666', 0, 'outbound')] },
  {
    minutesAgo: 90,
    ring: 8,
    legs: [outside('0520001111', '0312345678', 300), rung('1003', '0520001111', 300)],
  },
  { minutesAgo: 400, ring: 8, legs: [placed('1003', '0312340001', 121, 'outbound')] },
  {
    minutesAgo: 420,
    ring: 25,
    legs: [outside('0487654321', '0312345678', 0, { endedIn: 'ivr', cause: 'NORMAL_CLEARING' })],
  },
];

/** Inserts the demo calls (legs, then each call folded from them) for the demo tenant, inside the seeding transaction. */
export async function seedDemoCalls(tx: Tx, domainName: string, now = Date.now()): Promise<void> {
  const [domain] = await tx.select().from(domains).where(eq(domains.domainName, domainName));
  if (!domain) return;
  const own = new Map(
    (
      await tx
        .select({ extension: extensions.extension, extensionUuid: extensions.extensionUuid })
        .from(extensions)
        .where(and(eq(extensions.domainUuid, domain.domainUuid)))
    ).map((e) => [e.extension, e.extensionUuid]),
  );
  for (const call of DEMO_CALLS) {
    const callId = randomUUID();
    const start = new Date(now - call.minutesAgo * 60_000);
    const talked = Math.max(...call.legs.map((l) => l.billsec));
    const answered = talked > 0 ? new Date(start.getTime() + call.ring * 1000) : null;
    const end = new Date(start.getTime() + (call.ring + talked) * 1000);
    await tx.insert(cdrs).values(
      call.legs.map((leg, index) => ({
        cdrUuid: randomUUID(),
        domainUuid: domain.domainUuid,
        callUuid: index === 0 ? callId : randomUUID(),
        callId,
        originating: leg.originating,
        extensionUuid: leg.ext ? (own.get(leg.ext) ?? null) : null,
        direction: leg.direction,
        callerIdNumber: leg.from,
        destinationNumber: leg.to,
        startStamp: start,
        answerStamp: leg.billsec > 0 ? answered : leg.endedIn === 'ivr' ? start : null,
        endStamp: end,
        duration: call.ring + leg.billsec,
        billsec: leg.billsec,
        hangupCause: leg.cause ?? (leg.billsec > 0 ? 'NORMAL_CLEARING' : 'NO_ANSWER'),
        bridged: leg.billsec > 0,
        endedIn: leg.endedIn ?? '',
      })),
    );
    const stored = await storeCallOf(tx, domain.domainUuid, callId);
    if (stored) await applyCallToRecall(tx, stored.call);
  }
}
