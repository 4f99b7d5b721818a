/** A business-hours condition (the contract's `TimeCondition`) to and from its `time_conditions` row. */
import { WEEKDAY_KEYS, flagOf, isFlagOn, type TimeCondition } from '@tsunagu/contract';
import type { timeConditions } from './schema';

/** The condition's 'true' / 'false' fields, stored as booleans. */
const FLAG_FIELDS = ['timeConditionEnabled', ...WEEKDAY_KEYS] as const;
type FlagField = (typeof FLAG_FIELDS)[number];

function convertFlags<A, B>(from: Record<FlagField, A>, convert: (value: A) => B): Record<FlagField, B> {
  return Object.fromEntries(FLAG_FIELDS.map((key) => [key, convert(from[key])])) as Record<FlagField, B>;
}

/** The columns to insert for a condition with its id, in the given schedule of the given tenant. */
export function timeConditionColumns(
  condition: TimeCondition & { timeConditionUuid: string },
  owner: { dialplanUuid: string; domainUuid: string },
): typeof timeConditions.$inferInsert {
  return {
    ...condition,
    ...owner,
    recordingUuid: condition.recordingUuid ?? null,
    ...convertFlags(condition, isFlagOn),
  };
}

/** The condition a row holds, with its id and recording but without its schedule's and tenant's ids. */
export function timeConditionOf(row: typeof timeConditions.$inferSelect): TimeCondition {
  const { dialplanUuid: _dialplan, domainUuid: _domain, ...fields } = row;
  return { ...fields, ...convertFlags(row, flagOf) };
}
