import { randomUUID } from 'node:crypto';
import { chatMessages, messages, type ChatItem } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/realtime';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

type User = Awaited<ReturnType<TestApp['build']['user']>>;

const bus = createMemoryBus();
let t: TestApp;
let yamada: TestSession;
let suzuki: TestSession;
/** The built users by name: yamada, suzuki and tanaka in one tenant; sato and ito in another. */
const built: Record<string, User> = {};
const uuid: Record<string, string> = {};
let tenantUuid: string;

const signIn = (name: string) => t.login(built[name]!.username, FACTORY_PASSWORD);

beforeAll(async () => {
  t = await createTestApp({ deps: { bus } });
  const tenant = await t.build.tenant();
  const otherTenant = await t.build.tenant();
  tenantUuid = tenant.domainUuid;
  built.yamada = await t.build.user(tenant, { userNm: '山田 太郎' });
  built.suzuki = await t.build.user(tenant, { userNm: '鈴木 花子' });
  built.tanaka = await t.build.user(tenant, { userNm: '田中 一郎' });
  built.sato = await t.build.user(otherTenant, { userNm: '佐藤 次郎' });
  built.ito = await t.build.user(otherTenant, { userNm: '伊藤 三郎' });
  for (const [name, user] of Object.entries(built)) uuid[name] = user.userUuid;
  yamada = await signIn('yamada');
  suzuki = await signIn('suzuki');
});
afterAll(async () => {
  await t.close();
  await bus.close();
});

const send = (s: TestSession, to: string[], message: string, extra: object = {}) =>
  t.request(s, {
    method: 'POST',
    url: '/api/v1/chat/send',
    payload: {
      chatUuid: randomUUID(),
      domainUuid: tenantUuid,
      userUuid: uuid.yamada,
      message,
      toUsers: JSON.stringify(to.map((name) => ({ id: uuid[name], itemName: name, group: '営業部' }))),
      createDate: new Date().toISOString(),
      ...extra,
    },
  });
const list = (s: TestSession, userUuid: string) =>
  t.request(s, { method: 'GET', url: `/api/v1/chat/${userUuid}` });

describe('chat', () => {
  it('stores a message, tells the recipient on their topic, and lists it for both sides', async () => {
    const heard = new Promise<string>((resolve) => void bus.subscribe(`/topic/chat/${uuid.suzuki}`, resolve));
    const res = await send(yamada, ['suzuki'], 'こんにちは');
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    expect(await heard).toMatch(/^[0-9a-f-]{36}$/);

    const mine = (await list(yamada, uuid.yamada!)).json().data;
    const theirs = (await list(suzuki, uuid.suzuki!)).json().data;
    expect(mine.list.at(-1)).toMatchObject({ userUuid: uuid.yamada, message: 'こんにちは' });
    expect(theirs.list.map((c: ChatItem) => c.message)).toContain('こんにちは');
    expect(JSON.parse(theirs.list.at(-1).toUsers)[0].id).toBe(uuid.suzuki);
    expect(theirs.unread).toBe(1);
    expect(mine.unread).toBe(0);
  });

  it('keeps a message for an offline user and resets unread when the tab is opened', async () => {
    await send(yamada, ['tanaka'], '不在中のメッセージ');
    const tanaka = await signIn('tanaka');
    const before = (await list(tanaka, uuid.tanaka!)).json().data;
    expect(before.unread).toBe(1);
    expect(before.list.at(-1).message).toBe('不在中のメッセージ');
    await t.request(tanaka, { method: 'POST', url: '/api/v1/chat/read' });
    expect((await list(tanaka, uuid.tanaka!)).json().data.unread).toBe(0);
  });

  it('ignores a resent message with the same id', async () => {
    const chatUuid = randomUUID();
    await send(yamada, ['suzuki'], '一度だけ', { chatUuid });
    await send(yamada, ['suzuki'], '一度だけ', { chatUuid });
    const found = (await list(suzuki, uuid.suzuki!))
      .json()
      .data.list.filter((c: ChatItem) => c.message === '一度だけ');
    expect(found).toHaveLength(1);
  });

  it('checks the message and the recipients with Japanese messages', async () => {
    const empty = await send(yamada, ['suzuki'], '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(chatMessages.empty);
    const long = await send(yamada, ['suzuki'], 'あ'.repeat(1001));
    expect(long.json().msg).toBe(chatMessages.tooLong);
    const none = await send(yamada, [], 'x');
    expect(none.json().msg).toBe(chatMessages.noRecipient);
    const notJson = await send(yamada, ['suzuki'], 'x', { toUsers: '{oops' });
    expect(notJson.json().msg).toBe(chatMessages.noRecipient);
  });

  it("refuses another tenant's user as recipient, sending as someone else, and reading someone else's chat", async () => {
    const chatUuid = randomUUID();
    expect((await send(yamada, ['suzuki'], '社内だけ', { chatUuid })).statusCode).toBe(200);
    const other = await send(yamada, ['sato'], '他社へ');
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe(chatMessages.unknownRecipient);
    const forged = await send(suzuki, ['tanaka'], 'なりすまし');
    expect(forged.statusCode).toBe(403);
    expect((await list(yamada, uuid.suzuki!)).statusCode).toBe(403);
    const sato = await signIn('sato');
    expect((await list(sato, uuid.sato!)).json().data.list).toEqual([]);
    const crossTenant = await send(sato, ['sato'], 'x', { userUuid: uuid.sato });
    expect(crossTenant.statusCode).toBe(403);
    expect(crossTenant.json().msg).toBe(messages.otherTenant);

    // The other tenant cannot overwrite a message by resending its id to a colleague of its own.
    const reused = await send(sato, ['ito'], '上書き', {
      chatUuid,
      domainUuid: built.sato!.domainUuid,
      userUuid: uuid.sato,
    });
    expect(reused.statusCode).toBe(200);
    const kept = (await list(suzuki, uuid.suzuki!)).json().data.list as ChatItem[];
    expect(kept.find((c) => c.chatUuid === chatUuid)).toMatchObject({
      message: '社内だけ',
      userUuid: uuid.yamada,
    });
    expect(kept.map((c) => c.message)).not.toContain('上書き');
    expect((await list(sato, uuid.sato!)).json().data.list).toEqual([]);
  });
});
