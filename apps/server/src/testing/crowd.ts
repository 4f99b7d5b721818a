import { afterAll, beforeAll } from 'vitest';
import { createTokenSigner } from '../platform/auth/tokens';
import type { TestStompClient } from '../platform/realtime/stomp-test-kit';
import type { Factories } from './factories';
import { signInMany, type SignedInUser } from './many-sessions';
import { createTestApp, type TestApp } from './test-app';

export interface Crowd {
  t: TestApp;
  /** The listening server's real-time address. */
  url: string;
  /** The tenant built for the crowd. */
  tenant: Awaited<ReturnType<Factories['tenant']>>;
  domainUuid: string;
  /** A staff user of the tenant outside the crowd (not signed in): who reads the tenant's lists. */
  member: Awaited<ReturnType<Factories['user']>>;
  /** The crowd: `size` users of the tenant, each with one live session (usernames crowd0, crowd1, …). */
  users: SignedInUser[];
  /** Clients to close after the file's tests. */
  clients: TestStompClient[];
}

/**
 * A listening server on an empty database with a tenant of its own and `size` users signed in to it:
 * the set-up of the tests that connect a whole crowd at once. Clients pushed to `clients` are closed
 * with the server.
 */
export function useCrowd(size: number): Crowd {
  const crowd = { clients: [] as TestStompClient[] } as Crowd;
  beforeAll(async () => {
    const t = await createTestApp();
    crowd.t = t;
    crowd.url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
    crowd.tenant = await t.build.tenant();
    crowd.domainUuid = crowd.tenant.domainUuid;
    crowd.member = await t.build.user(crowd.tenant);
    crowd.users = await signInMany(
      t.database.db,
      createTokenSigner(t.config.jwtSecret),
      crowd.domainUuid,
      size,
    );
  });
  afterAll(async () => {
    await Promise.all(crowd.clients.map((c) => c.client.deactivate()));
    await crowd.t.close();
  });
  return crowd;
}
