import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLog } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
// Two staff users of an office.
const id = { yamada: '', suzuki: '' };
beforeAll(async () => {
  t = await createTestApp();
  const office = await t.build.tenant();
  id.yamada = (await t.build.user(office)).username;
  id.suzuki = (await t.build.user(office)).username;
});
afterAll(() => t.close());

describe('GET /api/v1/log/success|failure', () => {
  it('records each of the eight processes per user with its outcome', async () => {
    const s = await t.login(id.yamada, FACTORY_PASSWORD);
    expect(
      (await t.request(s, { method: 'GET', url: '/api/v1/log/success?process=LogController-newCall' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request(s, { method: 'GET', url: '/api/v1/log/failure?process=LogController-parkCall' }))
        .statusCode,
    ).toBe(200);
    const rows = await t.database.db
      .select()
      .from(actionLog)
      .where(eq(actionLog.process, 'LogController-parkCall'));
    expect(rows).toEqual([expect.objectContaining({ success: false })]);
    expect((await t.database.db.select().from(actionLog)).map((r) => [r.process, r.success])).toContainEqual([
      'LogController-newCall',
      true,
    ]);
  });

  it('refuses an unknown process name (400) and anonymous callers (401)', async () => {
    const s = await t.login(id.suzuki, FACTORY_PASSWORD);
    const bad = await t.request(s, { method: 'GET', url: '/api/v1/log/success?process=DROP TABLE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('記録できない処理名です。');
    expect(
      (await t.request(null, { method: 'GET', url: '/api/v1/log/success?process=LogController-logout' }))
        .statusCode,
    ).toBe(401);
  });
});
