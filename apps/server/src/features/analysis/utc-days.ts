import { zoneClock } from '@tsunagu/contract';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A period's instants, ISO. */
export interface Instants {
  from: string;
  to: string;
}

export interface UtcDaySplit {
  /** The whole UTC days inside the period, as [from, to) dates 'YYYY-MM-DD'; null when there is none. */
  days: { from: string; to: string } | null;
  /** The rest of the period: the hours before the first and after the last whole UTC day. */
  edges: Instants[];
  /** Local hour = (UTC hour + shift) mod 24 over the whole period. */
  shift: number;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Splits [from, to) at UTC midnights, so that day roll-ups answer the whole days and the calls the
 * rest. Null when the zone's offset is not one whole number of hours over the period (a change of
 * summer time inside it, India, Nepal …): a UTC hour is then not one local hour, read everything from
 * the calls.
 */
export function splitAtUtcDays(timeZone: string, period: Instants): UtcDaySplit | null {
  const from = Date.parse(period.from);
  const to = Date.parse(period.to);
  const clock = zoneClock(timeZone);
  const offset = clock.offsetAt(from);
  if (offset % HOUR_MS !== 0 || clock.offsetAt(to - 1) !== offset) return null;
  for (let t = Math.ceil(from / DAY_MS) * DAY_MS; t < to; t += DAY_MS)
    if (clock.offsetAt(t) !== offset) return null;
  const shift = (((offset / HOUR_MS) % 24) + 24) % 24;
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return { days: null, edges: [period], shift };
  const edges: Instants[] = [];
  if (from < firstDay) edges.push({ from: period.from, to: new Date(firstDay).toISOString() });
  if (lastDay < to) edges.push({ from: new Date(lastDay).toISOString(), to: period.to });
  return { days: { from: isoDate(firstDay), to: isoDate(lastDay) }, edges, shift };
}
