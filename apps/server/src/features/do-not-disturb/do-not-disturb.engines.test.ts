/**
 * A user's own do-not-disturb, set through the service as the header does, is honoured by both engines
 * through the one routing model: a direct call is busy, the ring group skips the member, and switching
 * it off rings again. The engines reload because the service tells them (no test pokes their caches).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/pbx/commit-change';
import type { ConfigListener } from '../../platform/pbx/config-kind';
import { domains, extensions, users } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { executed } from '../../telephony/freeswitch/testing/dialplan-reading';
import {
  recordedForm,
  startXmlExchange,
  type XmlExchange,
} from '../../telephony/freeswitch/testing/xml-exchange';
import { startSandbox, type SandboxKit } from '../../telephony/sandbox/testing';
import { actorOf, buildRecordedTenant, RECORDED_DOMAIN } from '../../testing/recorded-tenant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createDoNotDisturbService } from './do-not-disturb.service';

/**
 * The user on extension `extension` of the tenant `domainName` as the acting user: by default the one on
 * 1002 of the recorded tenant (鈴木, a member of group 300 with 1001), whatever rows the kit built.
 */
async function userOn(db: Db, extension = '1002', domainName = RECORDED_DOMAIN): Promise<Actor> {
  const [row] = await db
    .select({ user: users, domainName: domains.domainName })
    .from(users)
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(and(eq(domains.domainName, domainName), eq(extensions.extension, extension)));
  if (!row) throw new Error(`no user on ${extension}@${domainName}`);
  const { user } = row;
  return {
    auth: { ...user, sessionUuid: randomUUID(), username: user.username, domainName: row.domainName },
    ip: '127.0.0.1',
  };
}

async function doNotDisturb(db: Db, engine: ConfigListener, on: boolean, actor?: Actor): Promise<void> {
  const as = actor ?? (await userOn(db));
  await createDoNotDisturbService({ db, engine }).set(as, as.auth.domainUuid, {
    doNotDisturb: on ? 'true' : 'false',
  });
}

describe('do-not-disturb on the sandbox', () => {
  let kit: SandboxKit;
  beforeAll(async () => {
    kit = await startSandbox();
  });
  afterAll(() => kit.close());

  it('answers a direct call busy and leaves the member out of its ring group, until switched off', async () => {
    const [admin, yamada, suzukiPhone] = await Promise.all([
      kit.phone('1000'),
      kit.phone('1001'),
      kit.phone('1002'),
    ]);
    await doNotDisturb(kit.t.database.db, kit.engine, true);

    const direct = await yamada.dial('1002');
    expect((await yamada.next('verto.bye', direct)).params).toMatchObject({ cause: 'USER_BUSY' });

    const group = await admin.dial('300');
    const atYamada = await yamada.next('verto.invite');
    await expect(suzukiPhone.next('verto.invite', undefined, 500)).rejects.toThrow();
    await admin.bye(group);
    await yamada.next('verto.bye', String(atYamada.params.callID));

    await doNotDisturb(kit.t.database.db, kit.engine, false);
    const again = await yamada.dial('1002');
    await suzukiPhone.next('verto.invite');
    await yamada.bye(again);
    for (const phone of [admin, yamada, suzukiPhone]) phone.close();
  });
});

describe('do-not-disturb in the FreeSWITCH dialplan', () => {
  let t: TestApp;
  let exchange: XmlExchange;
  let otherUser: Awaited<ReturnType<TestApp['build']['user']>>;
  beforeAll(async () => {
    t = await createTestApp();
    await buildRecordedTenant(t);
    // Another tenant with a 1002 of its own: switching do-not-disturb on there changes nothing here.
    const other = await t.build.tenant();
    const otherPhone = await t.build.extension(other, { extension: '1002' });
    otherUser = await t.build.user(other, { extensionUuid: otherPhone.extensionUuid });
    exchange = await startXmlExchange(t);
    // Switched on before the tests, so FreeSWITCH has answered the cache flush it causes by the end.
    await doNotDisturb(t.database.db, exchange.engine, true, actorOf(otherUser, other));
  });
  afterAll(async () => {
    await exchange.close();
    await t.close();
    expect(exchange.errors).toEqual([]);
  });

  /** The recorded verto invite, as extension 1000 dialling `number`; what the answer makes FreeSWITCH run. */
  const dial = async (number: string) => {
    const form = recordedForm('22-dialplan-verto-invite-9196', {
      'Caller-Destination-Number': number,
      'Caller-Caller-ID-Number': '1000',
      variable_user_name: '1000',
    });
    return executed((await exchange.post(form)).body, number).slice(3);
  };
  const bridged = (apps: [string, string][]) => apps.find(([app]) => app === 'bridge')?.[1] ?? '';

  it("leaves the tenant's 1002 ringing when another tenant's 1002 switches it on", async () => {
    expect(bridged(await dial('1002'))).toContain(`presence_id=1002@${RECORDED_DOMAIN}`);
    expect(bridged(await dial('300'))).toContain(`presence_id=1002@${RECORDED_DOMAIN}`);
    const [other] = await t.database.db
      .select()
      .from(extensions)
      .where(eq(extensions.extensionUuid, otherUser.extensionUuid!));
    expect(other?.doNotDisturb).toBe(true);
  });

  it('answers a direct call busy and bridges the group without the member, until switched off', async () => {
    expect(bridged(await dial('300'))).toContain(`presence_id=1002@${RECORDED_DOMAIN}`);
    await doNotDisturb(t.database.db, exchange.engine, true);
    expect(await dial('1002')).toEqual([['hangup', 'USER_BUSY']]);
    const group = bridged(await dial('300'));
    expect(group).toContain(`presence_id=1001@${RECORDED_DOMAIN}`);
    expect(group).not.toContain(`presence_id=1002@${RECORDED_DOMAIN}`);

    await doNotDisturb(t.database.db, exchange.engine, false);
    expect(bridged(await dial('1002'))).toContain(`presence_id=1002@${RECORDED_DOMAIN}`);
  });
});
