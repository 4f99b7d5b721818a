// Business-hours model: chart time for a 100-condition schedule, and evaluate throughput on one core.
// Run: npx tsx bench/schedule.bench.ts
import { cpus } from 'node:os';
import { chart, compileSchedule, dialplanSchema, evaluate, type Dialplan } from '@tsunagu/contract';

const MON_FRI = {
  timeCondition2: 'true',
  timeCondition3: 'true',
  timeCondition4: 'true',
  timeCondition5: 'true',
  timeCondition6: 'true',
};

/** A schedule of 100 conditions: 50 weekday-time, 30 yearly, 20 one-off, plus the default. */
function hundredConditions(): Dialplan {
  const wtimes = Array.from({ length: 50 }, (_, i) => ({
    timeConditionName: `曜日時間${i}`,
    timeConditionType: 'wtime',
    timeConditionOrder: 800 + i,
    timeConditionTimeOfDay: `${String(i % 20).padStart(2, '0')}:${(i * 10) % 60 === 0 ? '00' : String((i * 10) % 60)}-${String((i % 20) + 3).padStart(2, '0')}:00`,
    [`timeCondition${(i % 7) + 1}`]: 'true',
    timeConditionActionType: (['action', 'announce', 'transfer'] as const)[i % 3],
  }));
  const yearly = Array.from({ length: 30 }, (_, i) => ({
    timeConditionName: `特定日${i}`,
    timeConditionType: 'mday',
    timeConditionOrder: 500 + i,
    timeConditionMon: String((i % 12) + 1),
    timeConditionMday: `${(i % 25) + 1}-${(i % 25) + 3}`,
    timeConditionActionType: 'hangup',
  }));
  const oneOff = Array.from({ length: 20 }, (_, i) => ({
    timeConditionName: `臨時${i}`,
    timeConditionType: 'date-time',
    timeConditionOrder: 530 + i,
    timeConditionDateTime: `2024-11-${String(i + 1).padStart(2, '0')} 10:00:00~2024-11-${String(i + 2).padStart(2, '0')} 12:00:59`,
    timeConditionActionType: 'announce',
  }));
  return dialplanSchema.parse({
    dialplanName: '大規模',
    timeconditions: [
      { timeConditionName: 'anti', timeConditionType: 'anti', timeConditionOrder: 999 },
      ...wtimes,
      ...yearly,
      ...oneOff,
    ],
  });
}

/** A typical office: lunch, weekdays, Saturday morning, national holidays, year end, two one-off days. */
function officeSchedule(): Dialplan {
  const holidays = [
    ['1', '1-3'],
    ['1', '13-13'],
    ['2', '11-11'],
    ['2', '23-23'],
    ['3', '20-20'],
    ['4', '29-29'],
    ['5', '3-6'],
    ['7', '21-21'],
    ['8', '11-11'],
    ['9', '15-15'],
    ['9', '23-23'],
    ['10', '13-13'],
    ['11', '3-3'],
    ['11', '23-24'],
    ['12', '29-31'],
  ];
  return dialplanSchema.parse({
    dialplanName: '本社',
    timeconditions: [
      {
        timeConditionName: 'anti',
        timeConditionType: 'anti',
        timeConditionOrder: 999,
        timeConditionActionType: 'vmail',
      },
      {
        timeConditionName: '昼休み',
        timeConditionType: 'wtime',
        timeConditionOrder: 800,
        timeConditionTimeOfDay: '12:00-13:00',
        ...MON_FRI,
        timeConditionActionType: 'announce',
        timeConditionAnnounce: 'lunch.wav',
      },
      {
        timeConditionName: '平日',
        timeConditionType: 'wtime',
        timeConditionOrder: 810,
        timeConditionTimeOfDay: '09:00-18:00',
        ...MON_FRI,
        timeConditionActionType: 'action',
        timeConditionAction: '300',
      },
      {
        timeConditionName: '土曜',
        timeConditionType: 'wtime',
        timeConditionOrder: 820,
        timeConditionTimeOfDay: '10:00-14:00',
        timeCondition7: 'true',
        timeConditionActionType: 'transfer',
        timeConditionTransfer: '0312345678',
      },
      ...holidays.map(([mon, mday], i) => ({
        timeConditionName: `祝日${i}`,
        timeConditionType: 'mday',
        timeConditionOrder: 500 + i,
        timeConditionMon: mon,
        timeConditionMday: mday,
        timeConditionActionType: 'announce',
        timeConditionAnnounce: 'holiday.wav',
      })),
      {
        timeConditionName: '棚卸',
        timeConditionType: 'date-time',
        timeConditionOrder: 590,
        timeConditionDateTime: '2025-03-31 13:00:00~2025-03-31 17:59:59',
        timeConditionActionType: 'hangup',
      },
      {
        timeConditionName: '研修',
        timeConditionType: 'date-time',
        timeConditionOrder: 591,
        timeConditionDateTime: '2025-04-01 09:00:00~2025-04-02 17:59:59',
        timeConditionActionType: 'hangup',
      },
    ],
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
let sink = 0;

function chartTimes(schedule: Dialplan, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    sink += chart(schedule, '2024-11-25', 'Asia/Tokyo')[6]?.slots.length ?? 0;
    times.push(performance.now() - t0);
  }
  return times;
}

/** Evaluations per second of `run`: the median rate of 10 passes over the instants, after 5 warm-up passes. */
function throughput(run: (instant: number) => unknown, instants: Float64Array): number {
  const rates: number[] = [];
  for (let pass = 0; pass < 15; pass++) {
    const t0 = performance.now();
    for (const instant of instants) sink += run(instant) ? 1 : 0;
    rates.push(instants.length / ((performance.now() - t0) / 1000));
  }
  return median(rates.slice(5));
}

const big = hundredConditions();
const [cold = Number.NaN] = chartTimes(big, 1);
const chartRuns = 200;
const warm = chartTimes(big, chartRuns);

const office = officeSchedule();
const compiled = compileSchedule(office, 'Asia/Tokyo');
const now = Date.parse('2025-03-31T10:00:00+09:00');
// Live traffic: calls arriving over an hour. Year: instants spread over a whole year (offset cache cold at first).
const live = Float64Array.from({ length: 200_000 }, (_, i) => now + i * 17);
let seed = 42;
const year = Float64Array.from({ length: 200_000 }, () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return now + (seed / 2 ** 31) * 365 * 86_400_000;
});

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`machine: ${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores), node ${process.version}`);
console.log(`chart, 100 conditions (${big.timeconditions.length} with the default), 7 × 144 slots:`);
console.log(`  first run ${cold.toFixed(2)} ms, median of ${chartRuns} runs ${median(warm).toFixed(2)} ms`);
console.log(`evaluate, office schedule (${office.timeconditions.length} conditions), one core:`);
console.log(`  compiled, live traffic      ${fmt(throughput(compiled, live))} evaluations/s`);
console.log(`  compiled, spread over 1 year ${fmt(throughput(compiled, year))} evaluations/s`);
console.log(
  `  evaluate() (compiles per call) ${fmt(throughput((t) => evaluate(office, t, 'Asia/Tokyo'), live.subarray(0, 5_000)))} evaluations/s`,
);
console.log(
  `  compiled, 100-condition schedule ${fmt(throughput(compileSchedule(big, 'Asia/Tokyo'), year))} evaluations/s`,
);
if (sink === 0) console.log('(no results)');
