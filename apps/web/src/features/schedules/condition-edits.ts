import { isAnti, type Dialplan, type TimeCondition } from '@tsunagu/contract/schedule/schema';

/** The schedule with the condition at `index` replaced, or appended when `index` is null. */
export function withCondition(schedule: Dialplan, index: number | null, condition: TimeCondition): Dialplan {
  const conditions = [...schedule.timeconditions];
  if (index === null) conditions.push(condition);
  else conditions[index] = condition;
  return { ...schedule, timeconditions: conditions };
}

/** The schedule without the condition at `index`. */
export function withoutCondition(schedule: Dialplan, index: number): Dialplan {
  return { ...schedule, timeconditions: schedule.timeconditions.filter((_, i) => i !== index) };
}

/** The schedule with its default condition replaced. */
export function withDefault(schedule: Dialplan, anti: TimeCondition): Dialplan {
  return { ...schedule, timeconditions: schedule.timeconditions.map((c) => (isAnti(c) ? anti : c)) };
}

/** The conditions a dialog checks its priority against: all but the one it edits. */
export function othersOf(schedule: Dialplan, index: number | null): TimeCondition[] {
  return schedule.timeconditions.filter((_, i) => i !== index);
}
