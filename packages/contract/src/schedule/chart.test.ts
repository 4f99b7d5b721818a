import { describe, expect, it } from 'vitest';
import { CHART_DAYS, SLOTS_PER_DAY, chart, slotInstant } from './chart';
import { evaluate } from './evaluate';
import { actionTypeSchema, type ActionType, type Dialplan, type TimeCondition } from './schema';
import { anti, dateTime, days, mday, scheduleOf, wtime } from './testing';

describe('chart', () => {
  const schedule = scheduleOf([
    anti(),
    wtime('平日', 800, '09:00-17:00', { ...days(1, 2, 3, 4, 5), timeConditionActionType: 'transfer' }),
  ]);

  it('has 7 days of 144 ten-minute slots with MM/DD (曜) labels', () => {
    const days7 = chart(schedule, '2020-11-23');
    expect(days7).toHaveLength(CHART_DAYS);
    expect(days7.map((d) => d.slots.length)).toEqual(Array(7).fill(SLOTS_PER_DAY));
    expect(days7.map((d) => d.label)).toEqual([
      '11/23 (月)',
      '11/24 (火)',
      '11/25 (水)',
      '11/26 (木)',
      '11/27 (金)',
      '11/28 (土)',
      '11/29 (日)',
    ]);
    const monday = days7[0]?.slots ?? [];
    expect(monday.slice(53, 55)).toEqual(['hangup', 'transfer']);
    expect(monday.slice(101, 103)).toEqual(['transfer', 'hangup']);
    expect(days7[5]?.slots.every((slot) => slot === 'hangup')).toBe(true);
  });

  it('crosses month and year ends, and leap days', () => {
    expect(chart(schedule, '2024-12-29').map((d) => d.date)).toEqual([
      '2024-12-29',
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
    ]);
    expect(chart(schedule, '2024-02-27').map((d) => d.label)).toEqual([
      '02/27 (火)',
      '02/28 (水)',
      '02/29 (木)',
      '03/01 (金)',
      '03/02 (土)',
      '03/03 (日)',
      '03/04 (月)',
    ]);
  });

  it('shows the moved time on a spring-forward night and the first hour on a fall-back night', () => {
    const zone = 'America/New_York';
    const early = scheduleOf([
      anti(),
      wtime('3時台', 800, '03:00-04:00', { ...days(0), timeConditionActionType: 'announce' }),
    ]);
    const spring = chart(early, '2024-03-10', zone)[0]?.slots ?? [];
    // 02:00–02:50 do not exist that night; they are read as 03:00–03:50.
    expect(spring.slice(11, 25)).toEqual(['hangup', ...Array(12).fill('announce'), 'hangup']);
    const skipped = scheduleOf([
      anti(),
      wtime('2時台', 800, '02:00-03:00', { ...days(0), timeConditionActionType: 'announce' }),
    ]);
    expect(chart(skipped, '2024-03-10', zone)[0]?.slots.includes('announce')).toBe(false);
    const repeated = scheduleOf([
      anti(),
      wtime('1時台', 800, '01:00-02:00', { ...days(0), timeConditionActionType: 'announce' }),
    ]);
    expect(chart(repeated, '2024-11-03', zone)[0]?.slots.slice(5, 13)).toEqual([
      'hangup',
      ...Array(6).fill('announce'),
      'hangup',
    ]);
  });

  it('shows null slots when not even a default applies, and rejects a bad date', () => {
    expect(chart(scheduleOf([]), '2024-11-25')[0]?.slots[0]).toBeNull();
    expect(() => chart(schedule, '2024-02-30')).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Property test: chart, evaluate and an independent reading of spec 4 agree, over random schedules.

/** Seeded PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Local date and time of an instant read straight from Intl (independent of zone.ts). */
const formats = new Map<string, Intl.DateTimeFormat>();
function localParts(instant: number, zone: string) {
  const format =
    formats.get(zone) ??
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  formats.set(zone, format);
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  const text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  return {
    text,
    month: Number(parts.month),
    day: Number(parts.day),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday,
    wall: Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  };
}

/** The instant of a local wall time: the earliest that shows it, or (skipped time) the one before the jump. */
function referenceInstant(wall: number, zone: string): number {
  const offset = (t: number) => localParts(t, zone).wall - Math.floor(t / 1000) * 1000;
  const candidates = [wall - offset(wall - 86_400_000), wall - offset(wall + 86_400_000)];
  const fitting = candidates.filter((t) => t + offset(t) === wall);
  return fitting.length > 0 ? Math.min(...fitting) : (candidates[0] ?? wall);
}

/** Spec 4 read literally: the default first, then wtime from the highest order down, then the date rules. */
function referenceEvaluate(schedule: Dialplan, instant: number, zone: string): TimeCondition | null {
  const local = localParts(instant, zone);
  const sorted = schedule.timeconditions
    .filter((c) => c.timeConditionEnabled === 'true')
    .sort((a, b) => a.timeConditionOrder - b.timeConditionOrder);
  const highestFirst = [...sorted].reverse();
  let result = sorted.find((c) => c.timeConditionType === 'anti') ?? null;
  for (const c of highestFirst) if (c.timeConditionType === 'wtime' && wtimeMatches(c, local)) result = c;
  for (const c of highestFirst) if (c.timeConditionType !== 'wtime' && dateMatches(c, local)) result = c;
  return result;
}

function wtimeMatches(c: TimeCondition, local: ReturnType<typeof localParts>): boolean {
  const [from = '', to = ''] = c.timeConditionTimeOfDay.split('-');
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const start = toMinutes(from);
  const end = to === '23:59' || to === '24:00' ? 1440 : toMinutes(to);
  const flag = (weekday: number) => c[`timeCondition${weekday + 1}` as 'timeCondition1'] === 'true';
  if (start < end) return flag(local.weekday) && local.minute >= start && local.minute < end;
  if (start > end) {
    return (
      (flag(local.weekday) && local.minute >= start) || (flag((local.weekday + 6) % 7) && local.minute < end)
    );
  }
  return false;
}

function dateMatches(c: TimeCondition, local: ReturnType<typeof localParts>): boolean {
  if (c.timeConditionType === 'mday') {
    const [first = 0, last = first] = c.timeConditionMday.split('-').map(Number);
    return local.month === Number(c.timeConditionMon) && local.day >= first && local.day <= last;
  }
  const [start = '', end = ''] = c.timeConditionDateTime.split('~');
  return local.text >= start && local.text <= end;
}

function randomCondition(r: Random, firstDay: number, orders: number[]): TimeCondition {
  const action = {
    timeConditionActionType: r.pick(actionTypeSchema.options),
    timeConditionEnabled: r.next() < 0.9 ? 'true' : 'false',
  } as const;
  const kind = r.pick(['wtime', 'wtime', 'mday', 'date-time'] as const);
  const order = r.pick(orders);
  const minute = () => (r.next() < 0.5 ? r.int(0, 143) * 10 : r.int(0, 1439));
  if (kind === 'wtime') {
    const end = r.next() < 0.15 ? r.pick(['23:59', '24:00']) : hhmm(minute());
    const flags = Array.from({ length: 7 }, (_, i) => i).filter(() => r.next() < 0.5);
    return wtime('w', order, `${hhmm(minute())}-${end}`, { ...days(...flags), ...action });
  }
  const day = new Date((firstDay + r.int(-3, 9)) * 86_400_000);
  if (kind === 'mday') {
    const first = r.int(1, 28);
    const last = Math.min(first + r.int(0, 4), 31);
    return mday(
      'm',
      order,
      String(day.getUTCMonth() + 1),
      `${Math.min(day.getUTCDate(), first)}-${last}`,
      action,
    );
  }
  const startWall = day.getTime() + minute() * 60_000;
  const endWall = startWall + r.int(0, 3 * 1440) * 60_000;
  const format = (ms: number, seconds: string) =>
    `${new Date(ms).toISOString().slice(0, 10)} ${hhmm(new Date(ms).getUTCHours() * 60 + new Date(ms).getUTCMinutes())}:${seconds}`;
  return dateTime('d', order, `${format(startWall, '00')}~${format(endWall, '59')}`, action);
}

function randomSchedule(r: Random, firstDay: number): Dialplan {
  // A small pool of priorities makes equal priorities (ties) happen now and then.
  const orders = [0, 800, 801, 810, 850, 899, 500, 501, 550, 599];
  const count = r.int(0, 14);
  return scheduleOf([
    anti({
      timeConditionActionType: r.pick(actionTypeSchema.options),
      timeConditionEnabled: r.next() < 0.9 ? 'true' : 'false',
    }),
    ...Array.from({ length: count }, () => randomCondition(r, firstDay, orders)),
  ]);
}

const RUNS = 3;
const windows: [string, string][] = [
  ['Asia/Tokyo', '2024-12-27'],
  ['Asia/Tokyo', '2024-02-26'],
  ['America/New_York', '2024-03-07'],
  ['America/New_York', '2024-10-31'],
  ['Europe/London', '2025-03-27'],
  ['Europe/London', '2025-10-23'],
  ['Australia/Lord_Howe', '2025-04-03'],
  ['Australia/Lord_Howe', '2025-10-02'],
  ['America/St_Johns', '2025-03-06'],
  ['Pacific/Chatham', '2025-09-25'],
  ['Asia/Kathmandu', '2025-12-28'],
];

describe('chart, evaluate and the spec agree on random schedules', () => {
  it.each(windows)('%s from %s', (zone, startDate) => {
    const r = random(startDate.length * 7919 + zone.length * 104_729 + Number(startDate.slice(-2)));
    const firstDay = Date.parse(`${startDate}T00:00:00Z`) / 86_400_000;
    // Mismatches are collected and asserted once, so a failure lists every disagreeing slot.
    const mismatches: string[] = [];
    let checked = 0;
    for (let run = 0; run < RUNS; run++) {
      const schedule = randomSchedule(r, firstDay);
      const days7 = chart(schedule, startDate, zone);
      days7.forEach((day, d) => {
        day.slots.forEach((slot, s) => {
          const wall = (firstDay + d) * 86_400_000 + s * 600_000;
          const instant = slotInstant(day.date, s, zone);
          const local = localParts(instant, zone).wall;
          const evaluated: ActionType | null =
            evaluate(schedule, instant, zone)?.timeConditionActionType ?? null;
          const specified = referenceEvaluate(schedule, instant, zone)?.timeConditionActionType ?? null;
          checked++;
          if (instant !== referenceInstant(wall, zone))
            mismatches.push(`${run} ${day.date} slot ${s}: instant`);
          // The slot's own wall time, or a later one when the slot falls in a skipped (DST) hour.
          if (local !== wall && !(local > wall && local - wall <= 3_600_000)) {
            mismatches.push(`${run} ${day.date} slot ${s}: wall clock`);
          }
          if (slot !== evaluated || evaluated !== specified) {
            mismatches.push(
              `${run} ${day.date} slot ${s}: chart ${slot}, evaluate ${evaluated}, spec ${specified}`,
            );
          }
        });
      });
      // Instants off the slot grid: any millisecond, and both sides of minute boundaries.
      for (let i = 0; i < 300; i++) {
        const minuteStart = referenceInstant(
          (firstDay + r.int(-1, 7)) * 86_400_000 + r.int(0, 1439) * 60_000,
          zone,
        );
        const instant = r.pick([minuteStart, minuteStart - 1, minuteStart + r.int(0, 59_999)]);
        checked++;
        if (evaluate(schedule, instant, zone) !== referenceEvaluate(schedule, instant, zone)) {
          mismatches.push(`${run} ${new Date(instant).toISOString()}: evaluate differs from the spec`);
        }
      }
    }
    expect(checked).toBe(RUNS * (CHART_DAYS * SLOTS_PER_DAY + 300));
    expect(mismatches).toEqual([]);
  });
});
