import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCounter } from '../../platform/auth/attempt-counter';
import { createLoginThrottle } from '../../platform/auth/login-throttle';
import { auditLog } from '../../platform/db/schema';
import { ScriptedPhone, startSandbox, type SandboxKit } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

const AUTH_FAILED = { code: -32001, message: 'Authentication Failure' };

let kit: SandboxKit;
beforeAll(async () => {
  // Every phone here connects from 127.0.0.1: two wrong passwords per extension from it, then refused.
  const throttle = createLoginThrottle({
    counter: createMemoryCounter(),
    perAddress: 100,
    perUser: 2,
    wait: async () => {},
  });
  kit = await startSandbox({ throttle });
});
afterAll(() => kit.close());

const auditOf = (login: string) =>
  kit.t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.username, login), like(auditLog.action, 'verto.%')));

describe('softphone sign-in', () => {
  it('throttles wrong passwords per address and extension, like console sign-ins', async () => {
    const phone = await ScriptedPhone.open(kit.url, `1003@${RECORDED_DOMAIN}`);
    const password = await kit.password('1003');
    expect((await phone.loginWith('wrong-1')).error).toEqual(AUTH_FAILED);
    expect((await phone.loginWith('wrong-2')).error).toEqual(AUTH_FAILED);
    // The limit is used up: even the right password is refused from this address for now.
    expect((await phone.loginWith(password)).error).toEqual(AUTH_FAILED);
    expect(kit.engine.registrations(RECORDED_DOMAIN)).not.toContainEqual({
      extension: '1003',
      kind: 'verto',
    });
    // Another extension from the same address is not affected.
    const other = await kit.phone('1004');
    other.close();
    phone.close();
  });

  it('writes successes and failures to the audit trail with the address', async () => {
    const login = `1006@${RECORDED_DOMAIN}`;
    const phone = await ScriptedPhone.open(kit.url, login);
    expect((await phone.loginWith('wrong')).error).toEqual(AUTH_FAILED);
    expect((await phone.loginWith(await kit.password('1006'))).result).toMatchObject({
      message: 'logged in',
    });
    const rows = await auditOf(login);
    expect(rows.map((r) => [r.action, r.ip, r.domainUuid])).toEqual([
      ['verto.login.failure', '127.0.0.1', kit.tenantUuid],
      ['verto.login.success', '127.0.0.1', kit.tenantUuid],
    ]);
    phone.close();
  });

  it('binds a session id to its login: another extension can neither take it nor disconnect its owner', async () => {
    const owner = await kit.phone('1005');
    const intruder = await ScriptedPhone.open(kit.url, `1007@${RECORDED_DOMAIN}`, owner.sessid);
    expect((await intruder.loginWith(await kit.password('1007'))).error).toEqual(AUTH_FAILED);
    expect(kit.engine.registrations(RECORDED_DOMAIN)).not.toContainEqual({
      extension: '1007',
      kind: 'verto',
    });
    // The owner was not punted: its session still answers.
    const reply = await owner.call('verto.subscribe', { eventChannel: 'x', sessid: owner.sessid });
    expect(reply.result).toMatchObject({ sessid: owner.sessid });
    expect(owner.requests.all().map((r) => r.method)).not.toContain('verto.punt');
    intruder.close();
    owner.close();
  });
});
