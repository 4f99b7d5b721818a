// The router's permission guard per request: `can(auth, endpoint.capability)` from the caller's class and
// stored menu (spec 6). Pure CPU, one core; the median of five passes. Run: npx tsx bench/permission-guard.bench.ts
import { can, endpoints, menuConfig } from '@tsunagu/contract';

const ROUNDS = 20_000;
const PASSES = 5;
// A staff user whose stored menu hides a few items, as the demo's. Every request reads the session row
// afresh, so each decision gets a string of its own (made here beforehand, outside the timing).
const staffMenu = menuConfig([2300, 3000, 4000, 8110]);
const freshMenus = Array.from({ length: ROUNDS * PASSES }, () => Buffer.from(staffMenu).toString());
// One endpoint of one menu item, one allowed by any of four, one by any of seven.
const checked = [endpoints.extensionList, endpoints.recordingList, endpoints.pbxUsage];

for (const [label, userClass] of [
  ['staff (stored menu)', 'USER'],
  ['tenant admin (CP)', 'CP'],
] as const) {
  const passes: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    let allowed = 0;
    const started = process.hrtime.bigint();
    for (let i = 0; i < ROUNDS; i++) {
      const auth = { userClass, menu: freshMenus[pass * ROUNDS + i] };
      if (can(auth, checked[i % checked.length]!.capability)) allowed++;
    }
    if (allowed !== ROUNDS) throw new Error(`${label}: ${allowed}/${ROUNDS} allowed`);
    passes.push(Number(process.hrtime.bigint() - started) / ROUNDS / 1000);
  }
  passes.sort((a, b) => a - b);
  console.log(
    `${label}: ${passes[Math.floor(PASSES / 2)]!.toFixed(2)} µs per decision (median of ${PASSES} passes)`,
  );
}
