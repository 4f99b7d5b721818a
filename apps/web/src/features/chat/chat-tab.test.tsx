import type { ChatItem } from '@tsunagu/contract/chat';
import { topics } from '@tsunagu/contract/realtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi, type RecordedRequest } from '../../test/mock-api';
import { directoryRoute } from '../../test/fixtures';
import { colleagues, panelDirectory, panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { useChatFeed } from './chat-feed';
import { ChatTab } from './chat-tab';

const info = panelUserInfo();
const { yamada, suzuki, tanaka } = colleagues;

const received = (message: string, from: string = suzuki.userUuid): ChatItem => ({
  chatUuid: crypto.randomUUID(),
  userUuid: from,
  toUsers: JSON.stringify([{ id: yamada.userUuid, itemName: '山田 太郎', group: '営業部' }]),
  message,
  createDate: '2026-03-05T10:15:00',
});

let stopRealtime: (() => void) | undefined;
afterEach(() => stopRealtime?.());

/** The tab with the session's chat feed (as the shell runs it), on a live socket. */
function FeedAndTab() {
  useChatFeed(info.user.userUuid);
  return <ChatTab />;
}

function openChat(
  list: () => ChatItem[],
  send: (request: RecordedRequest) => Response = () => envelope(200, ''),
) {
  const requests = mockApi({
    [`GET /api/v1/chat/${info.user.userUuid}`]: () => envelope(200, '', { list: list(), unread: 0 }),
    ...directoryRoute(panelDirectory()),
    'POST /api/v1/chat/send': send,
    'POST /api/v1/chat/read': () => envelope(200, ''),
  });
  startSession('tok', info);
  stopRealtime = connectRealtime();
  renderPanel(<FeedAndTab />);
  return requests;
}

const sendButton = () => screen.getByRole('button', { name: /送信/ });

async function pickRecipient(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: '宛先' }));
  await user.click(await screen.findByTitle(name));
}

describe('chat tab', () => {
  it("has the recipient select with 'Please select', and Send disabled until someone is chosen", async () => {
    openChat(() => []);
    expect(await screen.findByText('選択してください')).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    await pickRecipient('鈴木 花子');
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('shows at most one recipient label', async () => {
    openChat(() => []);
    await pickRecipient('鈴木 花子');
    await pickRecipient('田中 一郎');
    const select = screen.getByRole('combobox', { name: '宛先' }).closest('.ant-select') as HTMLElement;
    expect(within(select).getByText('鈴木 花子')).toBeTruthy();
    expect(within(select).queryByText('田中 一郎')).toBeNull();
    expect(within(select).getByText('+ 1 ...')).toBeTruthy();
  });

  it('sends to the chosen users with a client uuid and the recipients as JSON, then reloads', async () => {
    let list: ChatItem[] = [];
    const requests = openChat(
      () => list,
      ({ body }) => {
        const sent = body as ChatItem;
        list = [{ ...sent, createDate: '2026-03-05T10:20:00' }];
        return envelope(200, '');
      },
    );
    await pickRecipient('鈴木 花子');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'メッセージ' }), '会議は15時からです');
    await user.click(sendButton());

    const log = screen.getByRole('log');
    expect(await within(log).findByText('会議は15時からです')).toBeTruthy();
    const body = requests.find((r) => r.path === '/api/v1/chat/send')?.body as Record<string, string>;
    expect(body).toMatchObject({
      domainUuid: info.user.domainUuid,
      userUuid: yamada.userUuid,
      message: '会議は15時からです',
    });
    expect(body.chatUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(body.toUsers ?? '')).toEqual([
      { id: suzuki.userUuid, itemName: '鈴木 花子', group: '営業部' },
    ]);
    expect((screen.getByRole('textbox', { name: 'メッセージ' }) as HTMLTextAreaElement).value).toBe('');
    const sent = within(log).getByText('会議は15時からです').closest('[data-action]') as HTMLElement;
    expect(sent.dataset.action).toBe('send');
    expect(sent.textContent).toContain('宛先：鈴木 花子');
    expect(sent.textContent).toContain('10:20');
  });

  it("toasts 'エラーが発生しました。' when sending fails, keeping the text", async () => {
    openChat(
      () => [],
      () => envelope(500, 'サーバーでエラーが発生しました。'),
    );
    await pickRecipient('鈴木 花子');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'メッセージ' }), 'もしもし');
    await user.click(sendButton());
    expect(await screen.findByText('エラーが発生しました。')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'メッセージ' }) as HTMLTextAreaElement).value).toBe(
      'もしもし',
    );
  });

  it('refuses an empty message with the contract message', async () => {
    const requests = openChat(() => []);
    await pickRecipient('鈴木 花子');
    await userEvent.setup().click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe('メッセージを入力してください。');
    expect(requests.some((r) => r.path === '/api/v1/chat/send')).toBe(false);
  });

  it("toasts 'エラーが発生しました。' when the chat cannot be loaded", async () => {
    mockApi({
      [`GET /api/v1/chat/${info.user.userUuid}`]: () => envelope(403, 'この操作を行う権限がありません。'),
      ...directoryRoute(panelDirectory()),
    });
    startSession('tok', info);
    renderPanel(<ChatTab />);
    expect(await screen.findByText('エラーが発生しました。')).toBeTruthy();
  });

  it('shows received messages with the sender; clicking a name addresses them', async () => {
    const list = [received('お疲れさまです', tanaka.userUuid)];
    openChat(() => list);
    const log = screen.getByRole('log');
    const message = (await within(log).findByText('お疲れさまです')).closest('[data-action]') as HTMLElement;
    expect(message.dataset.action).toBe('receive');
    expect(message.textContent).toContain('田中 一郎');
    expect(message.textContent).toContain('10:15');

    await userEvent.setup().click(within(message).getByRole('button', { name: '田中 一郎' }));
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    const select = screen.getByRole('combobox', { name: '宛先' }).closest('.ant-select') as HTMLElement;
    expect(within(select).getByText('田中 一郎')).toBeTruthy();
  });

  it('reloads the list when a new-chat event arrives', async () => {
    let list = [received('一通目')];
    openChat(() => list);
    const log = screen.getByRole('log');
    await within(log).findByText('一通目');
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.chat(yamada.userUuid))).toBe(true));

    list = [...list, received('二通目')];
    fakeStomp.publish(topics.chat(yamada.userUuid), list[1]!.chatUuid);

    expect(await within(log).findByText('二通目')).toBeTruthy();
  });
});
