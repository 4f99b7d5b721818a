import { describe, expect, it, vi } from 'vitest';
import { useCrowd } from '../../testing/crowd';
import { FACTORY_PASSWORD } from '../../testing/factories';
import type { SignedInUser } from '../../testing/many-sessions';
import { followPresence, stompClient } from './stomp-test-kit';

const CROWD = 60;

const crowd = useCrowd(CROWD);

/** Connects a user and follows the tenant's presence as the console does. */
async function join(user: SignedInUser) {
  const client = stompClient(crowd.url, { connectHeaders: { login: user.userUuid, passcode: user.token } });
  crowd.clients.push(client);
  await client.connected;
  return { client, presence: await followPresence(client, crowd.domainUuid) };
}

describe('presence when a whole tenant connects at once', () => {
  it('costs each client a handful of frames and the database a handful of statements, and ends right', async () => {
    const statements = vi.spyOn(crowd.t.database.db, 'execute');
    const everyone = await Promise.all(crowd.users.map(join));
    const online = (count: (userUuid: string) => number) => crowd.users.every((u) => count(u.userUuid) === 1);
    await Promise.all(everyone.map(({ presence }) => presence.until(online)));

    // Before batching every connect sent the whole list to everyone connected (~N²/2 = 1,800 frames)
    // and ran two statements of its own.
    const frames = everyone.map(({ presence }) => presence.frames());
    expect(Math.max(...frames)).toBeLessThan(10);
    expect(frames.reduce((a, b) => a + b, 0)).toBeLessThan(4 * CROWD);
    expect(statements.mock.calls.length).toBeLessThan(15);
    // Each holds the tenant's whole list, not only the changes it saw.
    for (const { presence } of everyone) expect(presence.list()).toHaveLength(CROWD);

    // Half leave: the others see exactly them go.
    const [leaving, staying] = [everyone.slice(0, CROWD / 2), everyone.slice(CROWD / 2)];
    await Promise.all(leaving.map(({ client }) => client.client.deactivate()));
    const gone = new Set(crowd.users.slice(0, CROWD / 2).map((u) => u.userUuid));
    const settled = (count: (userUuid: string) => number) =>
      crowd.users.every((u) => count(u.userUuid) === (gone.has(u.userUuid) ? 0 : 1));
    await Promise.all(staying.map(({ presence }) => presence.until(settled)));
    const list = await crowd.t.request(await crowd.t.login(crowd.member.username, FACTORY_PASSWORD), {
      method: 'GET',
      url: `/api/v1/user/loginUsers/${crowd.domainUuid}`,
    });
    const listed = new Set((list.json().data as { userUuid: string }[]).map((u) => u.userUuid));
    expect(crowd.users.filter((u) => listed.has(u.userUuid)).length).toBe(CROWD / 2);
    statements.mockRestore();
  });
});
