import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from './client';
import { users } from './schema';
import { userStatusChanges } from './status-schema';

/** Weekdays of status history the demo staff get, so the status analysis has something to show. */
const DEMO_DAYS = 14;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The demo tenant is in Tokyo (UTC+9, no summer time). */
const TOKYO_OFFSET = 9 * HOUR;

/** A small repeatable generator: the same demo every time. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * One working day: signed in around 9:00, calls with after-call work, lunch break 12:00–13:00, now and
 * then a meeting, signed out around 18:00. Returns [status, instant] in order.
 */
function workingDay(midnight: number, next: () => number): [string, number][] {
  const at = (hours: number) => midnight + hours * HOUR;
  const day: [string, number][] = [['available', at(9) + next() * 20 * MINUTE]];
  const blocks: [number, number][] = [
    [at(9.5), at(12)],
    [at(13), at(17.8)],
  ];
  for (const [start, end] of blocks) {
    let t = start;
    while (t < end) {
      t += (10 + next() * 40) * MINUTE;
      const talk = (2 + next() * 10) * MINUTE;
      if (t + talk + 5 * MINUTE > end) break;
      day.push(['onCall', t], ['wrapUp', t + talk], ['available', t + talk + (1 + next() * 3) * MINUTE]);
      t += talk + 5 * MINUTE;
    }
    if (start === at(9.5)) day.push(['break', at(12)], ['available', at(13)]);
  }
  if (next() < 0.3) {
    const meeting = day.findIndex(([, t]) => t > at(15));
    if (meeting > 0) day.splice(meeting, 0, ['meeting', at(15) - 30 * MINUTE], ['available', at(15)]);
  }
  day.push(['signedOut', at(18) + next() * 30 * MINUTE]);
  return day.sort((a, b) => a[1] - b[1]);
}

/** Inserts two weeks of working days for the demo tenant's staff with an extension. */
export async function seedDemoStatuses(tx: Tx, tenantUuid: string, now = Date.now()): Promise<void> {
  const staff = await tx
    .select({ userUuid: users.userUuid })
    .from(users)
    .where(and(eq(users.domainUuid, tenantUuid), isNotNull(users.extensionUuid)));
  const todayTokyo = Math.floor((now + TOKYO_OFFSET) / (24 * HOUR));
  const rows = [];
  for (const [index, { userUuid }] of staff.entries()) {
    const next = random(index + 1);
    let from = 'signedOut';
    for (let d = DEMO_DAYS; d >= 1; d--) {
      const midnight = (todayTokyo - d) * 24 * HOUR - TOKYO_OFFSET;
      const weekday = new Date(midnight + TOKYO_OFFSET).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (const [to, instant] of workingDay(midnight, next)) {
        rows.push({
          domainUuid: tenantUuid,
          userUuid,
          fromStatus: from,
          toStatus: to,
          changedAt: new Date(instant),
        });
        from = to;
      }
    }
  }
  if (rows.length > 0) await tx.insert(userStatusChanges).values(rows);
}
