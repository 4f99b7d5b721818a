import { messages } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let demoUuid: string;
let otherUuid: string;
beforeAll(async () => {
  t = await createTestApp();
  const uuidOf = async (name: string) =>
    (await t.database.db.select().from(domains).where(eq(domains.domainName, name)))[0]?.domainUuid as string;
  demoUuid = await uuidOf('demo.tsunagu.local');
  otherUuid = await uuidOf('other.tsunagu.local');
});
afterAll(() => t.close());

const list = async (username: string, password: string, domainUuid: string) =>
  t.request(await t.login(username, password), { method: 'GET', url: `/api/v1/extension/${domainUuid}` });

describe('GET /api/v1/extension/{domainUuid}', () => {
  it("lists the tenant's extensions without any secret", async () => {
    const res = await list('admin', 'Admin#2026', demoUuid);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.list;
    expect(rows).toHaveLength(11);
    expect(rows[0]).toEqual({
      extensionUuid: expect.any(String),
      extension: '1000',
      userContext: 'demo.tsunagu.local',
      effectiveCallerIdName: '受付',
      outboundCallerIdNumber: '',
      enabled: 'true',
      doNotDisturb: 'false',
      forwardAllDestination: '',
    });
    expect(res.body).not.toMatch(/password|v1:/i);
  });

  it("tenant guard: tenant A's admin reading tenant B's extensions gets 403", async () => {
    const res = await list('admin', 'Admin#2026', otherUuid);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
    const reverse = await list('admin-b', 'Admin#2026', demoUuid);
    expect(reverse.statusCode).toBe(403);
  });

  it("another tenant's rows never appear in a tenant's own list", async () => {
    const rows = (await list('admin-b', 'Admin#2026', otherUuid)).json().data.list as {
      userContext: string;
    }[];
    expect(rows.map((r) => r.userContext)).toEqual(['other.tsunagu.local', 'other.tsunagu.local']);
  });

  it('a provider admin (SP) may read any tenant', async () => {
    const res = await list('sp', 'Sp#Admin2026', otherUuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.list).toHaveLength(2);
  });

  it('permission guard: staff whose menu hides PBX management are refused (403)', async () => {
    const res = await list('yamada', 'Staff#2026', demoUuid);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
  });

  it('rejects a malformed tenant id with 400 and requires a session (401)', async () => {
    expect((await list('admin', 'Admin#2026', 'not-a-uuid')).statusCode).toBe(400);
    expect((await t.request(null, { method: 'GET', url: `/api/v1/extension/${demoUuid}` })).statusCode).toBe(
      401,
    );
  });
});
