// Issue 15/18 benchmark: the audit trail (操作履歴) list with 1,000,000 entries in one tenant on PostgreSQL,
// through HTTP as the screen asks for it (session, guards, paging, total). p50/p99 at 20 connections.
// Run: npx tsx bench/audit-trail.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server)
import pg from 'pg';
import { AUDIT_ACTIONS } from '../packages/contract/src/audit';
import { PG_URL, scratchDatabase } from './large-tenant';
import { describeLoad, load } from './load';
import { startConsoleOn, stop, waitForLogin } from './support';

const ENTRIES = 1_000_000;
/** 50 users; actions cycle through the filter's list; one entry every 30 s (about a year). */
const USERS = 50;

async function fillTrail(dbUrl: string): Promise<string> {
  const db = new pg.Client(dbUrl);
  await db.connect();
  const { rows } = await db.query<{ domain_uuid: string }>(
    `SELECT domain_uuid FROM users WHERE username = 'admin'`,
  );
  const tenant = rows[0]!.domain_uuid;
  const actions = `ARRAY[${AUDIT_ACTIONS.map((a) => `'${a}'`).join(',')}]`;
  for (let start = 0; start < ENTRIES; start += 100_000) {
    await db.query(`
      INSERT INTO audit_log (domain_uuid, username, action, target, detail, ip, created_at)
        SELECT '${tenant}', 'user' || (g % ${USERS}), (${actions})[g % ${AUDIT_ACTIONS.length} + 1],
          'target-' || g, jsonb_build_object('extension', (1000 + g % 500)::text),
          '10.0.' || (g % 250) || '.' || (g % 200), timestamptz '2025-11-26' + g * interval '30 seconds'
        FROM generate_series(${start}, ${Math.min(ENTRIES, start + 100_000) - 1}) g`);
  }
  await db.query('VACUUM ANALYZE audit_log');
  await db.query('VACUUM ANALYZE audit_counts');
  await db.end();
  return tenant;
}

const dbUrl = await scratchDatabase('tsunagu_bench_audit');
const { child, base } = await startConsoleOn(dbUrl);
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  const started = Date.now();
  const tenant = await fillTrail(dbUrl);
  console.log(
    `${ENTRIES.toLocaleString('en')} entries written in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const token = await waitForLogin(base, 'admin', 'Admin#2026');
  const week = `from=${encodeURIComponent('2026-03-01T00:00:00+09:00')}&to=${encodeURIComponent('2026-03-08T00:00:00+09:00')}`;
  const cases: [string, string][] = [
    ['whole trail, first page', ''],
    ['whole trail, page 1,000', 'page=999'],
    ['user + action', 'username=user7&action=extension.save'],
    ['user + action, page 5', 'username=user7&action=extension.save&page=4'],
    ['one week', week],
    ['one week by user, sorted by IP', `${week}&username=user3&sort=ip,asc`],
  ];
  for (const [title, query] of cases) {
    const url = `${base}/api/v1/audit/${tenant}?size=20&${query}`;
    const first = await fetch(url, { headers: { authorization: token } });
    const body = (await first.json()) as { data: { totalElements: number } };
    if (first.status !== 200) throw new Error(`${title}: ${first.status}`);
    const result = await load({
      url,
      headers: { authorization: token },
      connections: 20,
      seconds: 10,
      warmupSeconds: 2,
    });
    console.log(
      `${title.padEnd(34)} total ${String(body.data.totalElements).padStart(9)}  ${describeLoad(result)}`,
    );
  }
} finally {
  await stop(child);
  // A million rows are not left behind.
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS tsunagu_bench_audit');
  await admin.end();
}
