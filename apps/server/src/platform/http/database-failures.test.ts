import { randomUUID } from 'node:crypto';
import { apiPath, endpoints, messages } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

// Failures of the database inside a request: a failed statement is a 500 whose log names the route and the
// SQLSTATE but never the statement's parameters (request values: here chat text); a database that is gone
// is a 503 with the Japanese message, and the process carries on.

const lines: string[] = [];
let t: TestApp;
let yamada: TestSession;
let from: string;
let to: string;
let domainUuid: string;

beforeAll(async () => {
  t = await createTestApp({
    deps: { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
  });
  // Two staff users of an office: one chats to the other.
  const office = await t.build.tenant();
  const [sender, recipient] = [await t.build.user(office), await t.build.user(office)];
  yamada = await t.login(sender.username, FACTORY_PASSWORD);
  [from, to, domainUuid] = [sender.userUuid, recipient.userUuid, office.domainUuid];
});
afterAll(() => t.close());

const sendChat = (message: string) =>
  t.request(yamada, {
    method: 'POST',
    url: apiPath(endpoints.chatSend),
    payload: {
      chatUuid: randomUUID(),
      domainUuid,
      userUuid: from,
      message,
      toUsers: JSON.stringify([{ id: to, itemName: 'suzuki' }]),
    },
  });

describe('a failing statement', () => {
  it('is a 500 whose error log names the route and SQLSTATE, never the request values', async () => {
    // Every new chat row now fails a CHECK constraint (SQLSTATE 23514): a statement failing in PostgreSQL.
    await t.database.runScript('ALTER TABLE chats ADD CONSTRAINT forced_failure CHECK (false) NOT VALID');
    const secret = `社外秘-${randomUUID()}`;
    lines.length = 0;
    const res = await sendChat(secret);
    await t.database.runScript('ALTER TABLE chats DROP CONSTRAINT forced_failure');
    expect([res.statusCode, res.json().msg]).toEqual([500, messages.serverError]);
    const errors = lines.map((line) => JSON.parse(line) as { level: number }).filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('23514');
    expect(JSON.stringify(errors[0])).toContain('/api/v1/chat/send');
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain(from);
  });
});

describe('a database that is gone', () => {
  it('answers 503 with the Japanese message instead of a 500, and the server keeps answering', async () => {
    const gone = await createTestApp();
    const staff = await gone.build.user(await gone.build.tenant());
    const session = await gone.login(staff.username, FACTORY_PASSWORD);
    await gone.database.close();
    for (const url of [`/api/v1/user/info/${staff.username}`, `/api/v1/chat/${staff.userUuid}`]) {
      const res = await gone.request(session, { method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 503,
        body: { code: 503, msg: messages.databaseUnavailable, data: null },
      });
    }
    expect((await gone.request(null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await gone.app.close();
  });
});
