// Routing decisions per second on one core, for a large tenant (target ≥ 100,000/s).
// Run: npx tsx bench/routing.bench.ts
import { dialplanSchema, type Dialplan } from '@tsunagu/contract';
import {
  buildTenantConfig,
  route,
  type ExtensionRow,
  type IvrMenuRow,
  type RingGroupRow,
  type RouteRequest,
  type TenantRows,
} from '../apps/server/src/telephony/routing/index';

const DOMAIN = 'bench.example';
const SIZES = { extensions: 5_000, ringGroups: 300, ivrMenus: 200, incoming: 50, conditions: 20 };

// A fixed-seed generator, so every run routes the same calls.
let seed = 20_260_101;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// 1000… upwards, skipping the park numbers 5901–5908.
const extensionNumbers = Array.from({ length: SIZES.extensions + 8 }, (_, i) => String(1000 + i))
  .filter((n) => n < '5901' || n > '5908')
  .slice(0, SIZES.extensions);
const groupNumbers = Array.from({ length: SIZES.ringGroups }, (_, i) => String(100 + i));
const ivrNumbers = Array.from({ length: SIZES.ivrMenus }, (_, i) => String(7000 + i));
const gateways = Array.from({ length: 10 }, (_, i) => `03100000${String(i).padStart(2, '0')}`);
const dids = Array.from({ length: SIZES.incoming }, (_, i) => `0501234${String(i).padStart(4, '0')}`);
const externals = Array.from({ length: 100 }, (_, i) => `090${String(10_000_000 + i * 7919)}`);

function extensions(): ExtensionRow[] {
  return extensionNumbers.map((extension, i) => ({
    extensionUuid: uuid(i + 1),
    extension,
    effectiveCallerIdName: `社員${i}`,
    outboundCallerIdNumber: i % 3 === 0 ? pick(gateways) : '',
    enabled: i % 97 !== 0,
    doNotDisturb: i % 50 === 0,
    forwardAllDestination:
      i % 40 === 0 ? pick([pick(extensionNumbers), pick(groupNumbers), pick(externals)]) : '',
    callTimeout: 30,
    phoneType: i % 2 === 0 ? 'verto' : 'phone',
  }));
}

function ringGroups(): RingGroupRow[] {
  const strategies = ['enterprise', 'rollover', 'random'] as const;
  return groupNumbers.map((number, i) => {
    const app = (['hangup', 'lua', 'transfer'] as const)[i % 3] ?? 'hangup';
    const data = {
      hangup: null,
      lua: 'streamfile.lua busy.wav',
      transfer: `${pick(ivrNumbers)} XML ${DOMAIN}`,
    }[app];
    return {
      ringGroupExtension: number,
      ringGroupName: `グループ${number}`,
      ringGroupGreeting: i % 2 ? 'welcome.wav' : '',
      ringGroupStrategy: strategies[i % 3] ?? 'enterprise',
      ringGroupEnabled: 'true',
      ringGroupTimeoutApp: app,
      ringGroupTimeoutData: data,
      ringGroupMissedCallData: i % 4 ? null : 'group@example.jp',
      destinations: Array.from({ length: 10 }, () => ({
        destinationNumber: pick(extensionNumbers),
        destinationTimeout: 20,
      })),
    };
  });
}

function ivrMenus(): IvrMenuRow[] {
  const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return ivrNumbers.map((number) => ({
    ivrMenuExtension: number,
    ivrMenuName: `IVR${number}`,
    ivrMenuGreetLong: 'main.wav',
    ivrMenuEnabled: 'true',
    ivrMenuOptions: digits.map((digit) => ({
      ivrMenuOptionDigits: digit,
      ivrMenuOptionParam: pick([
        `transfer ${pick(ivrNumbers)} XML ${DOMAIN}`,
        `transfer ${pick(groupNumbers)} XML ${DOMAIN}`,
        `lua nit_ivr_record.lua ${pick(extensionNumbers)}`,
      ]),
    })),
  }));
}

/** A default, 12 weekday-time conditions and 7 yearly dates: 20 in all. */
function schedule(dialplanNumber: string): Dialplan {
  const action = () =>
    pick([
      {
        timeConditionActionType: 'action',
        timeConditionAction: pick([...groupNumbers, ...ivrNumbers, ...extensionNumbers]),
      },
      {
        timeConditionActionType: 'transfer',
        timeConditionTransfer: pick([pick(externals), pick(extensionNumbers)]),
      },
      { timeConditionActionType: 'announce', timeConditionAnnounce: 'closed.wav' },
      { timeConditionActionType: 'hangup' },
    ]);
  const weekday = (i: number) => ({
    timeConditionName: `曜日${i}`,
    timeConditionType: 'wtime',
    timeConditionOrder: 800 + i,
    timeConditionTimeOfDay: `${String(6 + i).padStart(2, '0')}:00-${String(10 + i).padStart(2, '0')}:30`,
    ...Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7].map((d) => [`timeCondition${d}`, (d + i) % 3 ? 'true' : 'false']),
    ),
    ...action(),
  });
  const date = (i: number) => ({
    timeConditionName: `特定日${i}`,
    timeConditionType: 'mday',
    timeConditionOrder: 500 + i,
    timeConditionMon: String(1 + ((i * 5) % 12)),
    timeConditionMday: `${1 + i}-${3 + i}`,
    ...action(),
  });
  return dialplanSchema.parse({
    dialplanNumber,
    dialplanName: `営業時間${dialplanNumber}`,
    dialplanContext: DOMAIN,
    timeconditions: [
      {
        timeConditionName: 'anti',
        timeConditionType: 'anti',
        timeConditionOrder: 999,
        timeConditionActionType: 'vmail',
        timeConditionVoiceMail: 'office@example.jp',
      },
      ...Array.from({ length: 12 }, (_, i) => weekday(i)),
      ...Array.from({ length: SIZES.conditions - 13 }, (_, i) => date(i)),
    ],
  });
}

function rows(): TenantRows {
  return {
    tenantUuid: uuid(0),
    domainName: DOMAIN,
    timeZone: 'Asia/Tokyo',
    extensions: extensions(),
    ringGroups: ringGroups(),
    ivrMenus: ivrMenus(),
    destinations: dids.map((destinationNumber, i) => ({
      destinationNumber,
      destinationCidNamePrefix: `番号${i}`,
      destinationData: `${8000 + i} XML ${DOMAIN}`,
      destinationEnabled: 'true',
    })),
    schedules: dids.map((_, i) => schedule(String(8000 + i))),
    speedDials: Array.from({ length: 99 }, (_, i) => ({
      commName: String(i + 1).padStart(2, '0'),
      commSub1: pick([pick(externals), pick(extensionNumbers), pick(groupNumbers)]),
    })),
    gateways: gateways.map((gateway, i) => ({ gatewayUuid: uuid(100_000 + i), gateway, enabled: true })),
  };
}

/** Internal calls by share of the mix; the remaining 15 % are outside calls to incoming numbers. */
const INTERNAL_MIX: [share: number, dialled: () => string][] = [
  [0.4, () => pick(extensionNumbers)],
  [0.15, () => pick(groupNumbers)],
  [0.1, () => pick(ivrNumbers)],
  [0.1, () => pick(externals)],
  [0.1, () => `*0${String(1 + Math.floor(random() * 99)).padStart(2, '0')}`],
];

function requests(count: number): RouteRequest[] {
  const week = Date.parse('2026-03-02T00:00:00+09:00');
  return Array.from({ length: count }, (): RouteRequest => {
    const instant = week + Math.floor(random() * 7 * 86_400_000);
    let r = random();
    for (const [share, dialled] of INTERNAL_MIX) {
      if (r < share)
        return { dialled: dialled(), caller: pick(extensionNumbers), instant, context: 'internal', random };
      r -= share;
    }
    return { dialled: pick(dids), caller: pick(externals), instant, context: 'public' };
  });
}

const t0 = performance.now();
const tenantRows = rows();
const t1 = performance.now();
const config = buildTenantConfig(tenantRows);
const buildMs = performance.now() - t1;
console.log(`rows generated in ${(t1 - t0).toFixed(0)} ms; buildTenantConfig: ${buildMs.toFixed(1)} ms`);

const calls = requests(10_000);
const kinds = new Map<string, number>();
for (const call of calls) {
  const kind = route(config, call).kind;
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}
console.log('plan kinds over the mix:', Object.fromEntries([...kinds].sort()));

/** Decisions per second of wall-clock time and per second of this process's CPU time (the
 * latter is what one core sustains even when a shared machine is busy). */
function rate(mix: readonly RouteRequest[], decisions: number): { wall: number; cpu: number } {
  let sink = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < decisions; i++) sink += route(config, mix[i % mix.length] as RouteRequest).kind.length;
  const cpu = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - start) / 1000;
  if (sink === 0) throw new Error('nothing routed');
  return { wall: decisions / seconds, cpu: decisions / ((cpu.user + cpu.system) / 1e6) };
}
const format = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

rate(calls, 300_000); // warm-up: let V8 optimise the hot path
const runs = Array.from({ length: 5 }, () => rate(calls, 1_000_000));
const wall = median(runs.map((r) => r.wall));
const cpu = median(runs.map((r) => r.cpu));
console.log(
  `routing: ${format(wall)} decisions/s wall-clock, ${format(cpu)} per CPU-second ` +
    `(median of 5 × 1,000,000) — target ≥ 100,000/s: ${wall >= 100_000 ? 'met' : 'NOT met'}`,
);
const incoming = rate(
  calls.filter((call) => call.context === 'public'),
  500_000,
);
console.log(
  `incoming numbers alone (20-condition schedules): ${format(incoming.wall)} decisions/s wall-clock, ` +
    `${format(incoming.cpu)} per CPU-second`,
);
