import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app';
import type { Database } from '../db/client';
import { domains, extensions, speedDials } from '../db/schema';
import { createListCache } from './list-cache';

let database: Database;
const tenantA = randomUUID();
const tenantB = randomUUID();
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(domains).values([
    { domainUuid: tenantA, domainName: 'a.example' },
    { domainUuid: tenantB, domainName: 'b.example' },
  ]);
});
afterAll(() => database.close());

const addExtension = (domainUuid: string, extension: string) =>
  database.db
    .insert(extensions)
    .values({ extensionUuid: randomUUID(), domainUuid, extension, passwordEnc: 'x' });

/** A cache whose builder counts its runs and answers the tenant's extension numbers. */
function counted(maxBytes?: number) {
  const cache = createListCache(database.db, maxBytes);
  let builds = 0;
  const answer = async (tenant: string) => {
    const answer = await cache.answer(tenant, 'extension', async () => {
      builds++;
      const rows = await database.db.select().from(extensions).where(eq(extensions.domainUuid, tenant));
      return rows.map((r) => r.extension).sort();
    });
    expect(gunzipSync(answer.gzip()).equals(answer.body)).toBe(true);
    return JSON.parse(answer.body.toString()) as { code: number; data: string[] };
  };
  return { answer, builds: () => builds };
}

describe('list cache', () => {
  it('answers the envelope, rebuilding only after a change to the tenant, whoever made it', async () => {
    const c = counted();
    await addExtension(tenantA, '1000');
    expect(await c.answer(tenantA)).toEqual({ code: 0, msg: '', data: ['1000'] });
    await c.answer(tenantA);
    expect(c.builds()).toBe(1);

    await addExtension(tenantA, '1001');
    expect((await c.answer(tenantA)).data).toEqual(['1000', '1001']);
    await database.db.delete(extensions).where(eq(extensions.extension, '1000'));
    expect((await c.answer(tenantA)).data).toEqual(['1001']);
    await database.db
      .update(domains)
      .set({ domainDescription: '改名' })
      .where(eq(domains.domainUuid, tenantA));
    await c.answer(tenantA);
    expect(c.builds()).toBe(4);
  });

  it("keeps tenants apart: one tenant's change leaves the other's answer cached", async () => {
    const c = counted();
    await addExtension(tenantB, '2000');
    expect((await c.answer(tenantB)).data).toEqual(['2000']);
    await addExtension(tenantA, '1002');
    expect((await c.answer(tenantB)).data).toEqual(['2000']);
    expect(c.builds()).toBe(1);
  });

  it('ignores tables no list shows', async () => {
    const c = counted();
    await c.answer(tenantA);
    await database.db
      .insert(speedDials)
      .values({ speedDialUuid: randomUUID(), domainUuid: tenantA, speedNumber: '01', phoneNumber: '03' });
    await c.answer(tenantA);
    expect(c.builds()).toBe(1);
  });

  it('holds no more than its byte budget, dropping the least recently used answer', async () => {
    const c = counted(60);
    await c.answer(tenantA);
    await c.answer(tenantB);
    await c.answer(tenantA);
    expect(c.builds()).toBe(3);
  });
});
