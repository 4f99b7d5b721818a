import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../platform/crypto/secrets';
import type { Database } from '../platform/db/client';
import { openTestDatabase } from '../testing/test-app';
import { createTelephony, isSandbox } from './create-engine';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deps = () => ({
  db: database.db,
  secrets: createSecretBox(Buffer.alloc(32, 1)),
  authenticateToken: async () => null,
  onError: () => undefined,
});

/** A port nothing listens on, so the FreeSWITCH engine's Event Socket connection is refused and retried. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('choosing the engine', () => {
  it('is the sandbox without FreeSWITCH settings: it serves /verto itself', async () => {
    const telephony = createTelephony(null, deps());
    expect(isSandbox(telephony.engine)).toBe(true);
    expect(Object.keys(telephony.upgrades)).toEqual(['/verto']);
    expect(telephony.softphoneUrl).toBe('/verto');
    expect(telephony.routes).toBeUndefined();
    await telephony.engine.close();
  });

  it("is FreeSWITCH with its settings: /fs routes, no /verto, browsers sent to mod_verto's URL", async () => {
    const telephony = createTelephony(
      {
        esl: { host: '127.0.0.1', port: await closedPort(), password: 'ClueCon' },
        xmlSecret: 'secret',
        xmlAllow: ['127.0.0.1'],
        vertoUrl: 'wss://pbx.example.com:8082',
        recordingsPath: '/var/lib/tsunagu/recordings',
      },
      deps(),
    );
    expect(telephony.engine.kind).toBe('freeswitch');
    expect(telephony.upgrades).toEqual({});
    expect(telephony.softphoneUrl).toBe('wss://pbx.example.com:8082');
    expect(telephony.routes).toBeTypeOf('function');
    await telephony.engine.close();
  });
});
