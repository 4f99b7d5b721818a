import { API_PREFIX, apiPath, endpoints, messages, type Endpoint } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEveryPbxKind } from '../../testing/pbx-parts';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';

// Bad input is a 4xx, always: odd values in every field of every save (as the provider administrator, who
// may name any tenant), and in every path and query, never reach the database as a failing statement.

let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  await buildEveryPbxKind(k.t, k.tenant);
});
afterAll(() => k.t.close());

/** Every leaf of `value` (and every object or array as a whole), as a copy where that one is `replacement`. */
function eachReplaced(value: unknown, replacement: unknown): { path: string; value: unknown }[] {
  if (typeof value !== 'object' || value === null) return [{ path: '', value: replacement }];
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) =>
    eachReplaced(item, replacement).map((variant) => {
      const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
      (copy as Record<string, unknown>)[key] = variant.value;
      return { path: variant.path ? `${key}.${variant.path}` : key, value: copy };
    }),
  );
}

// A number beyond any column, a long text, the wrong shapes, and full-width digits.
const ODD = [1e20, 'x'.repeat(20_000), {}, null, '２０００'];

const saves: { list: (k: PbxKit) => string; save: Endpoint }[] = [
  { list: (k) => `/api/v1/extension/${k.tenantUuid}`, save: endpoints.extensionSave },
  { list: (k) => `/api/v1/ringGroup/${k.tenantUuid}`, save: endpoints.ringGroupSave },
  { list: (k) => `/api/v1/ivr/${k.tenantUuid}`, save: endpoints.ivrSave },
  { list: (k) => `/api/v1/destination/${k.tenantUuid}`, save: endpoints.destinationSave },
  { list: (k) => `/api/v1/common/speedDial/${k.tenantUuid}`, save: endpoints.speedDialSave },
  { list: (k) => `/api/v1/timeCondition/${k.tenantUuid}`, save: endpoints.timeConditionSave },
  { list: (k) => `/api/v1/recording/${k.tenantUuid}`, save: endpoints.recordingSave },
];

describe('bad input', () => {
  it.each(saves)('$save.path: an odd value in any field is never a 500', async ({ list, save }) => {
    const item = { ...(await k.get(k.sp, list(k))).json().data.list[0], domainUuid: k.tenantUuid };
    for (const odd of ODD) {
      for (const variant of eachReplaced(item, odd)) {
        const res = await k.post(k.sp, apiPath(save), variant.value as object);
        expect({ field: variant.path, odd, status: res.statusCode < 500 ? 'answered' : res.body }).toEqual({
          field: variant.path,
          odd,
          status: 'answered',
        });
      }
    }
  });

  it("a provider naming a tenant that is no UUID gets 400, not the database's error", async () => {
    const [first] = (await k.get(k.sp, `/api/v1/extension/${k.tenantUuid}`)).json().data.list;
    const res = await k.post(k.sp, apiPath(endpoints.extensionSave), {
      ...first,
      domainUuid: 'not-a-tenant',
    });
    expect([res.statusCode, res.json().msg]).toEqual([400, messages.badRequest]);
  });

  it('odd path parameters and query values on every endpoint are never a 500', async () => {
    const served = Object.values(endpoints as Record<string, Endpoint>).filter((e) =>
      k.t.app.hasRoute({ method: e.method, url: API_PREFIX + e.path }),
    );
    expect(served.length).toBeGreaterThan(40);
    for (const endpoint of served) {
      const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
      for (const odd of ['x'.repeat(5000), '-1', '99999999999999999999', '..%2F..%2Fetc', '２０００']) {
        const query = ['fileName', 'domainUuid', 'from', 'to', 'page'].map(
          (q) => `${q}=${encodeURIComponent(odd)}`,
        );
        const url = `${apiPath(endpoint, Object.fromEntries(names.map((n) => [n, odd])))}?${query.join('&')}`;
        const payload = { dest: odd, extensionUuid: odd, userUuid: odd, domainUuid: odd, username: odd };
        const res = await k.t.request(k.sp, {
          method: endpoint.method,
          url,
          ...(endpoint.method === 'POST' || endpoint.method === 'PUT' ? { payload } : {}),
        });
        expect({ url, status: res.statusCode < 500 ? 'answered' : res.body }).toEqual({
          url,
          status: 'answered',
        });
      }
    }
  });
});
