import { API_PREFIX, apiPath, endpoints, messages, type Endpoint } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { buildEveryPbxKind } from '../../testing/pbx-parts';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';

// A NUL in a text field used to reach PostgreSQL (which cannot store it): a 500, and the statement with its
// parameters in the error log. The router now refuses control characters in every request part first.

let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  await buildEveryPbxKind(k.t, k.tenant);
});
afterAll(() => k.t.close());

const NUL = '\u0000';

/** Every string leaf of `value`, as a copy where that one leaf carries `suffix`. */
function eachTextVariant(value: unknown, suffix: string): { path: string; value: unknown }[] {
  if (typeof value === 'string') return [{ path: '', value: value + suffix }];
  if (typeof value !== 'object' || value === null) return [];
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) =>
    eachTextVariant(item, suffix).map((variant) => {
      const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
      (copy as Record<string, unknown>)[key] = variant.value;
      return { path: variant.path ? `${key}.${variant.path}` : key, value: copy };
    }),
  );
}

/** Save endpoints with the list whose first item is sent back with one text field changed. */
const saves: { name: string; list: (k: PbxKit) => string; save: Endpoint }[] = [
  { name: 'extension', list: (k) => `/api/v1/extension/${k.tenantUuid}`, save: endpoints.extensionSave },
  { name: 'ring group', list: (k) => `/api/v1/ringGroup/${k.tenantUuid}`, save: endpoints.ringGroupSave },
  { name: 'IVR', list: (k) => `/api/v1/ivr/${k.tenantUuid}`, save: endpoints.ivrSave },
  {
    name: 'incoming number',
    list: (k) => `/api/v1/destination/${k.tenantUuid}`,
    save: endpoints.destinationSave,
  },
  {
    name: 'speed dial',
    list: (k) => `/api/v1/common/speedDial/${k.tenantUuid}`,
    save: endpoints.speedDialSave,
  },
  {
    name: 'schedule',
    list: (k) => `/api/v1/timeCondition/${k.tenantUuid}`,
    save: endpoints.timeConditionSave,
  },
  { name: 'recording', list: (k) => `/api/v1/recording/${k.tenantUuid}`, save: endpoints.recordingSave },
];

describe('control characters in request text', () => {
  it.each(saves)('refuses a NUL in every text field of the $name save, and changes nothing', async (s) => {
    const before = (await k.get(k.admin, s.list(k))).json().data;
    const item = { ...(before.list[0] as object), domainUuid: k.tenantUuid };
    const variants = eachTextVariant(item, NUL);
    expect(variants.length).toBeGreaterThan(2);
    for (const variant of variants) {
      const res = await k.post(k.admin, apiPath(s.save), variant.value as object);
      expect({ field: variant.path, status: res.statusCode, msg: res.json().msg }).toEqual({
        field: variant.path,
        status: 400,
        msg: messages.controlCharacter,
      });
    }
    expect((await k.get(k.admin, s.list(k))).json().data).toEqual(before);
  });

  it('refuses other C0 characters in one-line text, and tab or newline there too', async () => {
    const [first] = (await k.get(k.admin, `/api/v1/common/speedDial/${k.tenantUuid}`)).json().data.list;
    for (const character of ['\u0001', '\u001b', '\u007f', '\t', '\n', '\r']) {
      const res = await k.post(k.admin, apiPath(endpoints.speedDialSave), {
        ...first,
        commSub2: `a${character}b`,
      });
      expect([res.statusCode, res.json().msg]).toEqual([400, messages.controlCharacter]);
    }
  });

  it('allows tab and newline in chat text (multi-line) but not NUL; nothing is stored', async () => {
    // The staff user writes to a colleague of the same tenant.
    const yamada = k.users.staff.userUuid;
    const { userUuid: suzuki } = await k.t.build.user(k.tenant, { userNm: '鈴木 花子' });
    const send = (message: string) =>
      k.post(k.staff, apiPath(endpoints.chatSend), {
        chatUuid: crypto.randomUUID(),
        domainUuid: k.tenantUuid,
        userUuid: yamada,
        message,
        toUsers: JSON.stringify([{ id: suzuki, itemName: 'x' }]),
      });
    const refused = await send(`secret${NUL}text`);
    expect([refused.statusCode, refused.json().msg]).toEqual([400, messages.controlCharacter]);
    const history = (await k.get(k.staff, `/api/v1/chat/${yamada}`)).json();
    expect(JSON.stringify(history)).not.toContain('secret');
    expect((await send('一行目\n\t二行目')).statusCode).toBe(200);
  });

  it('refuses a NUL in the sign-in ID and password with 400, not a failed sign-in', async () => {
    for (const payload of [
      { username: `${k.users.admin.username}${NUL}`, password: FACTORY_PASSWORD },
      { username: k.users.admin.username, password: `${FACTORY_PASSWORD}${NUL}` },
    ]) {
      const res = await k.t.request(null, { method: 'POST', url: '/api/login', payload });
      expect([res.statusCode, res.json().msg]).toEqual([400, messages.controlCharacter]);
    }
  });

  // Every endpoint this app serves, whatever its fields: a NUL in a path parameter or in the query string.
  it('every endpoint answers a NUL in the path or query with 400 and the message', async () => {
    const served = Object.values(endpoints as Record<string, Endpoint>).filter((e) =>
      k.t.app.hasRoute({ method: e.method, url: API_PREFIX + e.path }),
    );
    expect(served.length).toBeGreaterThan(40);
    for (const endpoint of served) {
      const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
      const valid = Object.fromEntries(names.map((name) => [name, k.tenantUuid]));
      const urls = [`${apiPath(endpoint, valid)}?q=a%00b`];
      if (names.length > 0) urls.push(apiPath(endpoint, { ...valid, [names[0]!]: `a${NUL}b` }));
      const payload = endpoint.method === 'POST' || endpoint.method === 'PUT' ? { payload: {} } : {};
      for (const url of urls) {
        const res = await k.t.request(k.sp, { method: endpoint.method, url, ...payload });
        expect({ url, status: res.statusCode, msg: res.json().msg }).toEqual({
          url,
          status: 400,
          msg: messages.controlCharacter,
        });
      }
    }
  });
});
