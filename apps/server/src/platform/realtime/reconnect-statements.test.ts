import { topics, type UserInfo } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInMany, type SignedInUser } from '../../testing/many-sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTokenSigner } from '../auth/tokens';
import { nextMessage, stompClient, type TestStompClient } from './stomp-test-kit';

// A restart: every client of a tenant reconnects at once, with sessions last seen over a minute ago.
const CROWD = 60;

let t: TestApp;
let url: string;
let domainUuid: string;
let crowd: SignedInUser[];
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  const session = await t.login('yamada', 'Staff#2026');
  const info = (await t.request(session, { method: 'GET', url: '/api/v1/user/info/yamada' })).json()
    .data as UserInfo;
  domainUuid = info.domain.domainUuid;
  crowd = await signInMany(t.database.db, createTokenSigner(t.config.jwtSecret), domainUuid, CROWD);
  await t.database.db.execute(
    sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_uuid IN (SELECT user_uuid FROM users WHERE username LIKE 'crowd%')`,
  );
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

/** Every statement the server sends to the database, prepared ones included. */
function countStatements() {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  return vi.spyOn(client, 'query');
}

describe('a mass reconnect', () => {
  it('reads the sessions, marks them seen and reads the recall count in a few statements, not N each', async () => {
    const statements = countStatements();
    const counts = await Promise.all(
      crowd.map(async (user) => {
        const client = stompClient(url, { connectHeaders: { login: user.userUuid, passcode: user.token } });
        clients.push(client);
        await client.connected;
        const { next } = await nextMessage(client, topics.recall(domainUuid));
        return Number((await next).body);
      }),
    );
    expect(new Set(counts).size).toBe(1);
    // Unbatched: 60 session reads, 60 writes of last_seen_at and 60 recall counts besides presence's
    // (182 statements); gathered per CONNECT_BATCH_MS, about ten.
    expect(statements.mock.calls.length).toBeLessThan(25);
    statements.mockRestore();
    const [seen] = (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM sessions WHERE last_seen_at > now() - interval '1 minute'
          AND user_uuid IN (SELECT user_uuid FROM users WHERE username LIKE 'crowd%')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(seen?.n).toBe(CROWD);
  });
});
