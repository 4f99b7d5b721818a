import type { ChatItem } from '@tsunagu/contract/chat';
import { topics } from '@tsunagu/contract/realtime';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TonePlayer } from '../../phone/tones';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { getShellState, setSidePanelCollapsed, showSidePanelTab } from '../../shared/shell-state/shell-state';
import { envelope, mockApi } from '../../test/mock-api';
import { directoryRoute } from '../../test/fixtures';
import { colleagues, panelDirectory, panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { useChatFeed } from './chat-feed';
import { ChatTab } from './chat-tab';

const info = panelUserInfo();
const { yamada, suzuki } = colleagues;

interface Shown {
  title: string;
  body?: string;
  tag?: string;
  closed: boolean;
  click: () => void;
}
const shown: Shown[] = [];
let permission: NotificationPermission = 'granted';
let permissionAsked = 0;
let sounds: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  shown.length = 0;
  permission = 'granted';
  permissionAsked = 0;
  localStorage.clear();
  sounds = vi.spyOn(TonePlayer.prototype, 'play').mockImplementation(() => () => {});
  // The system notification as the browser has it (EventTarget for 'close', onclick for a click).
  class FakeNotification extends EventTarget {
    onclick: (() => void) | null = null;
    static get permission() {
      return permission;
    }
    static requestPermission = async () => {
      permissionAsked++;
      return permission;
    };
    constructor(title: string, options: { body?: string; tag?: string }) {
      super();
      const entry: Shown = {
        title,
        body: options.body,
        tag: options.tag,
        closed: false,
        click: () => this.onclick?.(),
      };
      shown.push(entry);
      this.close = () => {
        entry.closed = true;
        this.dispatchEvent(new Event('close'));
      };
    }
    close: () => void = () => {};
  }
  vi.stubGlobal('Notification', FakeNotification);
});

let stopRealtime: (() => void) | undefined;
afterEach(() => {
  stopRealtime?.();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function message(text: string, from: string): ChatItem {
  return {
    chatUuid: crypto.randomUUID(),
    userUuid: from,
    toUsers: JSON.stringify([{ id: yamada.userUuid, itemName: yamada.userNm, group: '営業部' }]),
    message: text,
    createDate: '2026-11-28T10:15:00',
  };
}

function Feed() {
  useChatFeed(info.user.userUuid);
  return null;
}

async function start() {
  const list: ChatItem[] = [];
  mockApi({
    [`GET /api/v1/chat/${info.user.userUuid}`]: () => envelope(200, '', { list, unread: 0 }),
    ...directoryRoute(panelDirectory()),
    'POST /api/v1/chat/read': () => envelope(200, ''),
  });
  startSession('tok', info);
  stopRealtime = connectRealtime();
  act(() => showSidePanelTab('presence'));
  renderPanel(<Feed />);
  await waitFor(() => expect(fakeStomp.isSubscribed(topics.chat(info.user.userUuid))).toBe(true));
  return (item: ChatItem) => {
    list.push(item);
    fakeStomp.publish(topics.chat(info.user.userUuid), item.chatUuid);
  };
}

describe('chat sound and desktop notification', () => {
  it("sounds and shows the sender's name and message while the chat tab is closed", async () => {
    const arrive = await start();
    arrive(message('見積書を送りました', suzuki.userUuid));

    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({
      title: `${suzuki.userNm} さんからのチャット`,
      body: '見積書を送りました',
    });
    expect(sounds).toHaveBeenCalledTimes(1);
  });

  it('opens the chat tab when the notification is clicked, and closes it', async () => {
    const arrive = await start();
    arrive(message('至急お電話ください', suzuki.userUuid));
    await waitFor(() => expect(shown).toHaveLength(1));

    act(() => shown[0]!.click());

    expect(getShellState().sidePanelTab).toBe('chat');
    expect(getShellState().chatCnt).toBe(0);
    expect(shown[0]!.closed).toBe(true);
  });

  it('closes the notifications still shown when the chat comes into view another way', async () => {
    const arrive = await start();
    arrive(message('一件目', suzuki.userUuid));
    await waitFor(() => expect(shown).toHaveLength(1));

    act(() => showSidePanelTab('chat'));

    await waitFor(() => expect(shown[0]!.closed).toBe(true));
  });

  it('stays quiet for a message while the chat tab is open and the page visible', async () => {
    const arrive = await start();
    act(() => showSidePanelTab('chat'));
    arrive(message('見えています', suzuki.userUuid));
    // The list is reloaded for the message; give the notice its chance to (wrongly) appear.
    await waitFor(() => expect(getShellState().chatCnt).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(shown).toHaveLength(0);
    expect(sounds).not.toHaveBeenCalled();
  });

  it('notifies while the chat tab is selected but the side panel is folded away', async () => {
    const arrive = await start();
    act(() => {
      showSidePanelTab('chat');
      setSidePanelCollapsed(true);
    });
    arrive(message('畳んでいても', suzuki.userUuid));

    await waitFor(() => expect(shown).toHaveLength(1));
  });

  it("neither sounds nor notifies for the user's own message (sent from another tab or device)", async () => {
    const arrive = await start();
    arrive(message('自分の送信', yamada.userUuid));
    arrive(message('相手から', suzuki.userUuid));

    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]!.body).toBe('相手から');
    expect(sounds).toHaveBeenCalledTimes(1);
  });

  it('still sounds without a notification when the browser was refused the permission', async () => {
    permission = 'denied';
    const arrive = await start();
    arrive(message('音だけ', suzuki.userUuid));

    await waitFor(() => expect(sounds).toHaveBeenCalledTimes(1));
    expect(shown).toHaveLength(0);
  });

  it('asks for the permission once, when the user first opens the chat tab', async () => {
    permission = 'default';
    await start();
    expect(permissionAsked).toBe(0);

    renderPanel(<ChatTab />);

    await waitFor(() => expect(permissionAsked).toBe(1));
  });
});
