// Issue 18 benchmark: the user list (ユーザー管理) with 10,000 users in one tenant on PostgreSQL, through
// HTTP as the screen asks for it (session, guards, paging, total, groups and online state of the page).
// p50/p99 at 20 connections; target p99 < 50 ms. Figures only on a quiet machine.
// Run: npx tsx bench/user-list.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server;
// BENCH_SECONDS shortens each case for a smoke run)
import pg from 'pg';
import { PG_URL, scratchDatabase } from './large-tenant';
import { describeLoad, load } from './load';
import { startConsoleOn, stop, waitForLogin } from './support';

const USERS = 10_000;
const GROUPS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** 10,000 staff users in the admin's tenant, each in one of 20 presence groups, half with an extension. */
async function fillUsers(dbUrl: string): Promise<string> {
  const db = new pg.Client(dbUrl);
  await db.connect();
  const { rows } = await db.query<{ domain_uuid: string; password_hash: string }>(
    `SELECT domain_uuid, password_hash FROM users WHERE username = 'admin'`,
  );
  const { domain_uuid: tenant, password_hash: hash } = rows[0]!;
  await db.query(`
    INSERT INTO extensions (extension_uuid, domain_uuid, extension, password_enc, effective_caller_id_name)
      SELECT gen_random_uuid(), '${tenant}', (20000 + g)::text, 'x', '利用者 ' || g
        FROM generate_series(1, ${USERS / 2}) g`);
  await db.query(
    `
    INSERT INTO users (user_uuid, domain_uuid, username, user_nm, user_kana, password_hash, user_class, extension_uuid)
      SELECT gen_random_uuid(), '${tenant}', 'bench.user' || g, '利用者 ' || g, 'りようしゃ', $1, 'USER',
             (SELECT extension_uuid FROM extensions WHERE domain_uuid = '${tenant}' AND extension = (20000 + g)::text)
        FROM generate_series(1, ${USERS}) g`,
    [hash],
  );
  await db.query(`
    INSERT INTO user_groups (user_group_uuid, domain_uuid, name, sort_order)
      SELECT gen_random_uuid(), '${tenant}', 'ベンチ' || g, 100 + g FROM generate_series(1, ${GROUPS}) g`);
  await db.query(`
    INSERT INTO user_group_members (user_group_uuid, user_uuid)
      SELECT (SELECT user_group_uuid FROM user_groups WHERE domain_uuid = '${tenant}'
                AND name = 'ベンチ' || (1 + abs(hashtext(u.username)) % ${GROUPS})), u.user_uuid
        FROM users u WHERE u.domain_uuid = '${tenant}' AND u.username LIKE 'bench.user%'`);
  await db.query('VACUUM ANALYZE users');
  await db.query('VACUUM ANALYZE user_group_members');
  await db.end();
  return tenant;
}

const dbUrl = await scratchDatabase('tsunagu_bench_users');
const { child, base } = await startConsoleOn(dbUrl);
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  const tenant = await fillUsers(dbUrl);
  const token = await waitForLogin(base, 'admin', 'Admin#2026');
  const cases: [string, string][] = [
    ['first page by ID', ''],
    ['page 250 by ID (jump)', 'page=249'],
    ['page 250 by ID (next)', 'page=249&anchor=ANCHOR_248'],
    ['sorted by name, descending', 'sort=userNm,desc'],
    ['sorted by extension', 'sort=extension,asc'],
    ['search by name part', `q=${encodeURIComponent('利用者 77')}`],
    ['search by extension', 'q=2501'],
    ['disabled only', 'enabled=false'],
    ['enabled only', 'enabled=true'],
    ['enabled only, page 250 (jump)', 'enabled=true&page=249'],
    ['search by name part, enabled only', `q=${encodeURIComponent('利用者 77')}&enabled=true`],
  ];
  // The pager's "next page": page 249's anchor, as the screen sends it (keyset from its last row).
  const before = await fetch(`${base}/api/v1/user/list/${tenant}?size=20&page=248`, {
    headers: { authorization: token },
  });
  const anchor = ((await before.json()) as { data: { anchor?: string } }).data.anchor ?? '';
  for (const [title, query] of cases) {
    const url = `${base}/api/v1/user/list/${tenant}?size=20&${query.replace('ANCHOR_248', anchor)}`;
    const first = await fetch(url, { headers: { authorization: token } });
    const body = (await first.json()) as { data: { totalElements: number } };
    if (first.status !== 200) throw new Error(`${title}: ${first.status}`);
    const result = await load({
      url,
      headers: { authorization: token },
      connections: 20,
      seconds: SECONDS,
      warmupSeconds: Math.min(2, SECONDS),
    });
    console.log(
      `${title.padEnd(34)} total ${String(body.data.totalElements).padStart(6)}  ${describeLoad(result)}`,
    );
  }
} finally {
  await stop(child);
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS tsunagu_bench_users');
  await admin.end();
}
