import type { UserInfo } from '@tsunagu/contract';
import { afterAll, beforeAll } from 'vitest';
import { createTokenSigner } from '../platform/auth/tokens';
import type { TestStompClient } from '../platform/realtime/stomp-test-kit';
import { signInMany, type SignedInUser } from './many-sessions';
import { createTestApp, type TestApp } from './test-app';

export interface Crowd {
  t: TestApp;
  /** The listening server's real-time address. */
  url: string;
  domainUuid: string;
  users: SignedInUser[];
  /** Clients to close after the file's tests. */
  clients: TestStompClient[];
}

/**
 * A listening demo server with `size` users signed in to yamada's tenant: the set-up of the tests that
 * connect a whole crowd at once. Clients pushed to `clients` are closed with the server.
 */
export function useCrowd(size: number): Crowd {
  const crowd = { clients: [] as TestStompClient[] } as Crowd;
  beforeAll(async () => {
    const t = await createTestApp();
    crowd.t = t;
    crowd.url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
    const session = await t.login('yamada', 'Staff#2026');
    const info = (await t.request(session, { method: 'GET', url: '/api/v1/user/info/yamada' })).json()
      .data as UserInfo;
    crowd.domainUuid = info.domain.domainUuid;
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
