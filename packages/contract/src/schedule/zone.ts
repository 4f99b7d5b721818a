import { DAY_MS, HOUR_MS, formatDate, wallMs } from './calendar';

/** The tenant time zone when none is configured. */
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

/** Conversions between instants (epoch ms) and wall-clock ms in one IANA time zone. */
export interface ZoneClock {
  readonly timeZone: string;
  /** The zone's UTC offset in ms at the instant. */
  offsetAt(instant: number): number;
  /** Wall-clock ms (local date and time counted as if UTC) of the instant. */
  wallOf(instant: number): number;
  /**
   * The instant of a local wall-clock time. A time repeated when clocks go back resolves to its
   * first occurrence; a time skipped when clocks go forward is read with the offset before the
   * jump, i.e. it moves forward by the gap (02:30 on a spring-forward night becomes 03:30).
   */
  instantOf(wall: number): number;
}

// Offsets are cached per UTC hour; a busy server evaluates thousands of calls in the same hour.
const CACHE_LIMIT = 100_000;
const clocks = new Map<string, ZoneClock>();

/** The (cached) clock of an IANA time zone; throws RangeError for an unknown zone. */
export function zoneClock(timeZone: string = DEFAULT_TIME_ZONE): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = createClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** True when the runtime knows the IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneClock(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Today's 'YYYY-MM-DD' in the zone (the chart's earliest date). */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: number = Date.now()): string {
  return formatDate(Math.floor(zoneClock(timeZone).wallOf(now) / DAY_MS));
}

function createClock(timeZone: string): ZoneClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const byHour = new Map<number, number>();
  let lastHour = Number.NaN;
  let lastOffset = 0;

  const offsetAt = (instant: number): number => {
    const hour = Math.floor(instant / HOUR_MS);
    if (hour === lastHour) return lastOffset;
    let offset = byHour.get(hour);
    if (offset === undefined) {
      const start = hour * HOUR_MS;
      offset = intlOffset(format, start);
      // No zone changes its offset twice within an hour, so equal offsets at both ends of the hour
      // mean none in between; an hour that holds a transition is resolved instant by instant instead.
      if (offset !== intlOffset(format, start + HOUR_MS - 1)) return intlOffset(format, instant);
      if (byHour.size >= CACHE_LIMIT) byHour.clear();
      byHour.set(hour, offset);
    }
    lastHour = hour;
    lastOffset = offset;
    return offset;
  };

  return {
    timeZone,
    offsetAt,
    wallOf: (instant) => instant + offsetAt(instant),
    instantOf(wall) {
      // The offsets a day either side bracket any single transition near this wall time.
      const early = wall - offsetAt(wall - DAY_MS);
      const late = wall - offsetAt(wall + DAY_MS);
      const earlyFits = early + offsetAt(early) === wall;
      const lateFits = late + offsetAt(late) === wall;
      if (earlyFits && lateFits) return Math.min(early, late);
      if (lateFits) return late;
      return early;
    },
  };
}

/** The zone's offset at an instant, read from Intl (to the second, as tz data is). */
function intlOffset(format: Intl.DateTimeFormat, instant: number): number {
  const second = Math.floor(instant / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(second)) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  return wallMs(year, month, day, hour, minute, parts.second ?? 0) - second;
}
