import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../platform/audit/audit.repository';
import { auditLog, domains } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let tenantA: string;
let tenantB: string;
let cp: TestSession;
// The login IDs of tenant A's administrator and staff user, and of the provider.
const id = { admin: '', staff: '', sp: '' };
const ENTRIES = 25;
const base = Date.parse('2026-11-01T00:00:00Z');

const list = (session: TestSession | null, tenant: string, query: string) =>
  t.request(session, { method: 'GET', url: `/api/v1/audit/${tenant}?${query}` });

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = [await t.build.tenant(), await t.build.tenant()];
  [tenantA, tenantB] = [a.domainUuid, b.domainUuid];
  id.admin = (await t.build.user(a, { userClass: 'CP' })).username;
  id.staff = (await t.build.user(a)).username;
  id.sp = (await t.build.user(await t.build.tenant(), { userClass: 'SP' })).username;
  // Edits by "pager" at known instants in tenant A, two of them at the same instant (the tiebreaker's case),
  // and one in tenant B under the same name.
  for (let i = 0; i < ENTRIES; i++) {
    await audit(t.database.db, {
      domainUuid: tenantA,
      username: 'pager',
      action: i % 5 === 0 ? 'extension.delete' : 'extension.save',
      target: `ext-${i}`,
      detail: { extension: String(1100 + i) },
      ip: `10.0.0.${i}`,
    });
  }
  // The n-th entry at base + n minutes, the last five all at base + 20 minutes.
  await t.database.db.execute(
    `UPDATE audit_log a SET created_at = to_timestamp(${base / 1000} + least(r.n, 20) * 60)
       FROM (SELECT audit_id, row_number() OVER (ORDER BY audit_id) - 1 AS n FROM audit_log WHERE username = 'pager') r
      WHERE a.audit_id = r.audit_id` as never,
  );
  await audit(t.database.db, {
    domainUuid: tenantB,
    username: 'pager',
    action: 'extension.save',
    target: 'b',
  });
  cp = await t.login(id.admin, FACTORY_PASSWORD);
});
afterAll(() => t.close());

describe('GET /api/v1/audit/:domainUuid', () => {
  it('pages the tenant’s trail with a total and no row on two pages', async () => {
    const seen = new Set<number>();
    let total = 0;
    for (let page = 0; page < 3; page++) {
      const res = await list(cp, tenantA, `username=pager&size=10&page=${page}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      total = data.totalElements;
      expect(data.number).toBe(page);
      for (const entry of data.content) seen.add(entry.auditId);
    }
    expect(total).toBe(ENTRIES);
    expect(seen.size).toBe(ENTRIES);
  });

  it('sorts by an allowed field either way and refuses any other', async () => {
    const newest = (await list(cp, tenantA, 'username=pager&sort=createdAt,desc&size=100')).json().data
      .content;
    const oldest = (await list(cp, tenantA, 'username=pager&sort=createdAt,asc&size=100')).json().data
      .content;
    expect(oldest.map((e: { auditId: number }) => e.auditId)).toEqual(
      newest.map((e: { auditId: number }) => e.auditId).reverse(),
    );
    const byIp = (await list(cp, tenantA, 'username=pager&sort=ip,asc&size=3')).json().data.content;
    expect(byIp.map((e: { ip: string }) => e.ip)).toEqual(['10.0.0.0', '10.0.0.1', '10.0.0.10']);
    const bad = await list(cp, tenantA, 'sort=detail,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('並べ替えの指定が正しくありません。');
    expect((await list(cp, tenantA, 'size=1000')).statusCode).toBe(400);
  });

  it('filters by user, action and period', async () => {
    const deletes = (await list(cp, tenantA, 'username=pager&action=extension.delete')).json().data;
    expect(deletes.totalElements).toBe(5);
    const from = new Date(base + 5 * 60_000).toISOString();
    const to = new Date(base + 10 * 60_000).toISOString();
    const period = (
      await list(cp, tenantA, `username=pager&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
    ).json().data;
    expect(period.totalElements).toBe(5);
    expect(period.content.every((e: { createdAt: string }) => e.createdAt >= from && e.createdAt < to)).toBe(
      true,
    );
    expect((await list(cp, tenantA, 'action=drop')).statusCode).toBe(400);
  });

  it('records sign-ins, success and failure, with the address', async () => {
    await t.request(null, {
      method: 'POST',
      url: '/api/login',
      payload: { username: id.admin, password: 'wrong#2026' },
    });
    const failures = (await list(cp, tenantA, `username=${id.admin}&action=login.failure`)).json().data;
    expect(failures.totalElements).toBeGreaterThan(0);
    expect(failures.content[0]).toMatchObject({
      username: id.admin,
      ip: '127.0.0.1',
      domainName: expect.any(String),
    });
    const successes = (await list(cp, tenantA, `username=${id.admin}&action=login.success`)).json().data;
    expect(successes.totalElements).toBeGreaterThan(0);
  });

  it('counts a tenant’s whole trail from the counters, exactly', async () => {
    const whole = (await list(cp, tenantA, 'size=1')).json().data.totalElements;
    const [row] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.domainUuid, tenantA));
    expect(whole).toBe(row!.n);
  });

  it('keeps another tenant’s rows invisible to a CP, and refuses their tenant or every tenant', async () => {
    const own = (await list(cp, tenantA, 'username=pager&size=100')).json().data.content;
    expect(own.map((e: { target: string }) => e.target)).not.toContain('b');
    expect((await list(cp, tenantB, '')).statusCode).toBe(403);
    const all = await list(cp, tenantA, 'allTenants=true');
    expect(all.statusCode).toBe(403);
    expect(all.json().msg).toBe('他のドメインのデータにはアクセスできません。');
  });

  it('lets the provider read any tenant, or every tenant at once', async () => {
    const sp = await t.login(id.sp, FACTORY_PASSWORD);
    const b = (await list(sp, tenantB, 'username=pager')).json().data;
    expect(b.content.map((e: { target: string }) => e.target)).toEqual(['b']);
    const all = (await list(sp, tenantA, 'username=pager&allTenants=true&size=100')).json().data;
    expect(all.totalElements).toBe(ENTRIES + 1);
    const [domainB] = await t.database.db.select().from(domains).where(eq(domains.domainUuid, tenantB));
    expect(all.content.find((e: { target: string }) => e.target === 'b').domainName).toBe(
      domainB!.domainName,
    );
  });

  it('refuses a 一般 user (403) and anonymous callers (401)', async () => {
    const staff = await t.login(id.staff, FACTORY_PASSWORD);
    expect((await list(staff, tenantA, '')).statusCode).toBe(403);
    expect(
      (await t.request(staff, { method: 'GET', url: `/api/v1/audit/${tenantA}/export` })).statusCode,
    ).toBe(403);
    expect((await list(null, tenantA, '')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/audit/:domainUuid/export', () => {
  it('answers the whole filtered trail in the list’s order, not one page', async () => {
    const res = await t.request(cp, {
      method: 'GET',
      url: `/api/v1/audit/${tenantA}/export?username=pager&sort=createdAt,asc&size=10`,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { createdAt: string; domainUuid: string }[];
    expect(rows).toHaveLength(ENTRIES);
    expect(rows.every((e) => e.domainUuid === tenantA)).toBe(true);
    expect(rows.map((e) => e.createdAt)).toEqual([...rows.map((e) => e.createdAt)].sort());
  });
});
