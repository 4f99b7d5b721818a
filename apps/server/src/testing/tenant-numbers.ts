import type { Conn } from '../platform/db/client';
import { listUsedNumbers } from '../platform/pbx/lookups.repository';

/** Picks a free number from the tenant's used ones. */
export type NumberRule = (used: readonly string[]) => string;

/** The lowest number from `first` up that is not used. */
export const lowestFreeFrom =
  (first: number): NumberRule =>
  (used) => {
    const taken = new Set(used);
    let number = first;
    while (taken.has(String(number))) number++;
    return String(number);
  };

/**
 * One allocator of the tenant's dialable numbers (extensions, ring groups, IVR menus and schedules share
 * them, as the product's own rules do): each draw reads the numbers the database holds, adds those
 * handed out to builds still running, and picks by the kind's rule.
 */
export function createTenantNumbers(conn: Conn) {
  const handedOut = new Map<string, Set<string>>();
  const handedOutIn = (tenantUuid: string) => {
    let numbers = handedOut.get(tenantUuid);
    if (!numbers) handedOut.set(tenantUuid, (numbers = new Set()));
    return numbers;
  };
  return {
    /** A free number by the rule, or the given one (kept from later draws). */
    async draw(tenantUuid: string, rule: NumberRule, given?: string | null): Promise<string> {
      const mine = handedOutIn(tenantUuid);
      if (given) {
        mine.add(given);
        return given;
      }
      const used = await listUsedNumbers(conn, tenantUuid);
      // Picked and recorded without an await between, so builds side by side never share a number.
      const number = rule([...used, ...mine]);
      mine.add(number);
      return number;
    },
  };
}
