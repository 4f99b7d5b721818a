import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rowsOf } from '../db/migrate';
import { buildBulkCalls } from '../../testing/bulk-calls';
import { bulkOffice } from '../../testing/bulk-office';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { acceptedEncoding, COMPRESS_MIN_BYTES } from './compression';

// What goes on the wire for the lists a console pages through: a browser says
// `Accept-Encoding: gzip, deflate, br`, and every JSON answer of at least COMPRESS_MIN_BYTES must reach it
// compressed (issue 16 found the own history and the other server-paged lists sent as they are).
let t: TestApp;
let tenant: string;
let own: string;
let staff: TestSession;
let admin: TestSession;
let provider: TestSession;

const BROWSER = 'gzip, deflate, br';
const END = '2026-11-26T00:00:00Z';

beforeAll(async () => {
  t = await createTestApp();
  const office = await bulkOffice(t);
  tenant = office.tenant.domainUuid;
  own = office.own;
  await buildBulkCalls(t.database, {
    tenantUuid: tenant,
    calls: 300,
    end: new Date(END),
    days: 30,
    own: { extensionUuid: own, every: 3 },
    rollUps: 'triggers',
  });
  const [owner] = rowsOf<{ username: string }>(
    await t.database.db.execute(sql`SELECT username FROM users WHERE extension_uuid = ${own}`),
  );
  staff = await t.login(owner!.username, FACTORY_PASSWORD);
  admin = await t.login((await t.build.user(office.tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  provider = await t.login(
    (await t.build.user(await t.build.tenant(), { userClass: 'SP' })).username,
    FACTORY_PASSWORD,
  );
  for (let n = 0; n < 8; n++) {
    const res = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/customer',
      payload: { domainUuid: tenant, company: `圧縮商事 ${n}`, person: `担当 ${n}`, numbers: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (let n = 0; n < 6; n++) await t.build.tenant();
}, 120_000);
afterAll(() => t.close());

type Page = { name: string; session: () => TestSession; options: () => InjectOptions };

/** The lists as the console asks for them. */
const pages: Page[] = [
  {
    name: 'own call history (POST /v1/cdr/ext)',
    session: () => staff,
    options: () => ({
      method: 'POST',
      url: '/api/v1/cdr/ext?size=10&page=0&sort=startStamp,DESC',
      payload: { domainUuid: tenant, extensionUuid: own },
    }),
  },
  {
    name: 'tenant call history (POST /v1/cdr/search)',
    session: () => admin,
    options: () => ({
      method: 'POST',
      url: '/api/v1/cdr/search',
      payload: { domainUuid: tenant, from: '2026-10-27T00:00:00Z', to: END, size: 50 },
    }),
  },
  {
    name: 'recall list',
    session: () => admin,
    options: () => ({ method: 'GET', url: `/api/v1/recall/${tenant}?scope=all&state=open&size=20` }),
  },
  {
    name: 'user list',
    session: () => admin,
    options: () => ({ method: 'GET', url: `/api/v1/user/list/${tenant}?size=20` }),
  },
  {
    name: 'customer list',
    session: () => admin,
    options: () => ({ method: 'GET', url: `/api/v1/customer/list/${tenant}?size=20` }),
  },
  {
    name: "provider's tenant list",
    session: () => provider,
    options: () => ({ method: 'GET', url: '/api/v1/domain/list?size=20' }),
  },
  {
    name: 'tenant call history export (over 64 KB: compressed off the event loop)',
    session: () => admin,
    options: () => ({
      method: 'POST',
      url: '/api/v1/cdr/search/export',
      payload: { domainUuid: tenant, from: '2026-10-27T00:00:00Z', to: END },
    }),
  },
];

function ask(page: Page, encoding?: string): Promise<LightMyRequestResponse> {
  const options = page.options();
  return t.request(page.session(), {
    ...options,
    headers: { ...(options.headers ?? {}), ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

describe('JSON answers on the wire', () => {
  it.each(pages)('$name: brotli to a browser, gzip without br, the same JSON as sent plain', async (page) => {
    const plain = await ask(page);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The page is big enough to be compressed at all (else this test would prove nothing).
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    const expected = JSON.parse(plain.body) as { code: number };
    expect(expected.code).toBe(0);

    for (const [accepts, sent] of [
      [BROWSER, 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await ask(page, accepts);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], `${page.name} for "${accepts}"`).toBe(sent);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBe(res.rawPayload.length);
      expect(JSON.parse(decoded(res))).toEqual(expected);
    }
  });

  it('sends a small answer as it is, and nothing compressed to a client that refuses it', async () => {
    const count = await t.request(staff, {
      method: 'GET',
      url: `/api/v1/cdr/recall/${tenant}`,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(count.statusCode).toBe(200);
    expect(count.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(count.headers['content-encoding']).toBeUndefined();

    const history = pages[0]!;
    const refused = await ask(history, 'gzip;q=0, br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(refused.body) as { code: number }).code).toBe(0);
  });

  it('chooses the encoding by Accept-Encoding', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('BR')).toBe('br');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('deflate, identity')).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
