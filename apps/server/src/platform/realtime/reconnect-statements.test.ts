import { topics } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useCrowd } from '../../testing/crowd';
import { nextMessage, stompClient } from './stomp-test-kit';

// A restart: every client of a tenant reconnects at once, with sessions last seen over a minute ago.
const CROWD = 60;

const crowd = useCrowd(CROWD);
beforeAll(async () => {
  // One missed call, so the recall count each client is sent is the tenant's, not an empty default.
  const phone = await crowd.t.build.extension(crowd.tenant);
  const missed = {
    callerIdNumber: '0312340001',
    destinationNumber: '0312345678',
    endStamp: new Date(),
    hangupCause: 'ORIGINATOR_CANCEL',
  };
  await crowd.t.build.foldedCall(crowd.tenant, [
    { ...missed, originating: true },
    { ...missed, originating: false, extensionUuid: phone.extensionUuid },
  ]);
  await crowd.t.database.db.execute(
    sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE domain_uuid = ${crowd.domainUuid}`,
  );
});

/** Every statement the server sends to the database, prepared ones included. */
function countStatements() {
  const client = (crowd.t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  return vi.spyOn(client, 'query');
}

describe('a mass reconnect', () => {
  it('reads the sessions, marks them seen and reads the recall count in a few statements, not N each', async () => {
    const statements = countStatements();
    const counts = await Promise.all(
      crowd.users.map(async (user) => {
        const client = stompClient(crowd.url, {
          connectHeaders: { login: user.userUuid, passcode: user.token },
        });
        crowd.clients.push(client);
        await client.connected;
        const { next } = await nextMessage(client, topics.recall(crowd.domainUuid));
        return Number((await next).body);
      }),
    );
    expect(new Set(counts)).toEqual(new Set([1]));
    // Unbatched: 60 session reads, 60 writes of last_seen_at and 60 recall counts besides presence's
    // (182 statements); gathered per CONNECT_BATCH_MS, about ten.
    expect(statements.mock.calls.length).toBeLessThan(25);
    statements.mockRestore();
    const [seen] = (
      (await crowd.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM sessions WHERE last_seen_at > now() - interval '1 minute'
          AND domain_uuid = ${crowd.domainUuid}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(seen?.n).toBe(CROWD);
  });
});
