import { topics } from '@tsunagu/contract/realtime';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { getShellState, showSidePanelTab } from '../../shared/shell-state/shell-state';
import { directoryRoute } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { panelDirectory, panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { useChatFeed } from './chat-feed';

const info = panelUserInfo();
const { userUuid } = info.user;

let stopRealtime: (() => void) | undefined;
afterEach(() => stopRealtime?.());

function Feed() {
  useChatFeed(userUuid);
  return null;
}

async function startFeed(unread: number | (() => number)) {
  const requests = mockApi({
    [`GET /api/v1/chat/${userUuid}`]: () =>
      envelope(200, '', { list: [], unread: typeof unread === 'number' ? unread : unread() }),
    ...directoryRoute(panelDirectory()),
    'POST /api/v1/chat/read': () => envelope(200, ''),
  });
  startSession('tok', info);
  stopRealtime = connectRealtime();
  renderPanel(<Feed />);
  await waitFor(() => expect(fakeStomp.isSubscribed(topics.chat(userUuid))).toBe(true));
  const listLoads = () => requests.filter((r) => r.path === `/api/v1/chat/${userUuid}`).length;
  const reads = () => requests.filter((r) => r.path === '/api/v1/chat/read').length;
  return { listLoads, reads };
}

describe('chat feed (header badge)', () => {
  it('starts from the unread count of the list at sign-in', async () => {
    await startFeed(3);
    await waitFor(() => expect(getShellState().chatCnt).toBe(3));
  });

  it('adds one per new message while the chat tab is closed, and reloads the list', async () => {
    const { listLoads, reads } = await startFeed(0);
    // Loaded at sign-in and again once the socket is up.
    await waitFor(() => expect(listLoads()).toBe(2));

    fakeStomp.publish(topics.chat(userUuid), 'c1');
    fakeStomp.publish(topics.chat(userUuid), 'c2');

    await waitFor(() => expect(getShellState().chatCnt).toBe(2));
    await waitFor(() => expect(listLoads()).toBeGreaterThanOrEqual(3));
    expect(reads()).toBe(0);
  });

  it("takes the server's unread count again after a reconnect (messages missed while down)", async () => {
    let unread = 1;
    await startFeed(() => unread);
    await waitFor(() => expect(getShellState().chatCnt).toBe(1));

    unread = 3;
    fakeStomp.drop(fakeStomp.open()[0]!);

    await waitFor(() => expect(getShellState().chatCnt).toBe(3));
  });

  it('resets to 0 and marks the messages read on the server when the chat tab opens', async () => {
    const { reads } = await startFeed(2);
    await waitFor(() => expect(getShellState().chatCnt).toBe(2));

    act(() => showSidePanelTab('chat'));

    expect(getShellState().chatCnt).toBe(0);
    await waitFor(() => expect(reads()).toBe(1));
  });

  it('does not count messages that arrive while the chat tab is open; they are read at once', async () => {
    const { reads } = await startFeed(0);
    act(() => showSidePanelTab('chat'));
    await waitFor(() => expect(reads()).toBe(1));

    fakeStomp.publish(topics.chat(userUuid), 'c1');

    await waitFor(() => expect(reads()).toBe(2));
    expect(getShellState().chatCnt).toBe(0);
  });
});
