import { topics } from '@tsunagu/contract/realtime';
import type { VoicemailList, VoicemailMessage } from '@tsunagu/contract/voicemail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoicemailBadge } from '../../app/shell/header-activity';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { VoicemailPage } from './voicemail-page';

const info = panelUserInfo();
const { domainUuid, userUuid } = info.user;
const MESSAGE = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1';

const message: VoicemailMessage = {
  messageUuid: MESSAGE,
  callerNumber: '09012345678',
  callerName: '',
  receivedAt: '2026-11-28T05:30:00.000Z',
  seconds: 7,
  heard: false,
};

const box = {
  extension: '1001',
  settings: { enabled: true, onNoAnswer: true, noAnswerSeconds: 20, onBusy: true, ownGreeting: false },
  greeting: null,
};

/** The box as the server keeps it: heard and delete change the list and answer it as it is now. */
function serve(initial: VoicemailMessage[]) {
  let messages = initial;
  const list = (): VoicemailList => ({ messages, unheard: messages.filter((m) => !m.heard).length });
  const requests = mockApi({
    [`GET /api/v1/voicemail/messages/${domainUuid}`]: () => envelope(200, '', list()),
    [`GET /api/v1/voicemail/box/${domainUuid}`]: () => envelope(200, '', box),
    [`GET /api/v1/voicemail/messages/${domainUuid}/${MESSAGE}`]: () =>
      new Response(new Uint8Array(64), {
        status: 200,
        headers: { 'Content-Type': 'audio/wav' },
      }),
    [`POST /api/v1/voicemail/heard/${domainUuid}`]: ({ body }) => {
      const { messageUuid, heard } = body as { messageUuid: string; heard: boolean };
      messages = messages.map((m) => (m.messageUuid === messageUuid ? { ...m, heard } : m));
      return envelope(200, '', list());
    },
    [`DELETE /api/v1/voicemail/messages/${domainUuid}/${MESSAGE}`]: () => {
      messages = messages.filter((m) => m.messageUuid !== MESSAGE);
      return envelope(200, '', list());
    },
  });
  startSession('tok', info);
  return {
    requests,
    arrive: (next: VoicemailMessage) => (messages = [next, ...messages]),
  };
}

const play = vi.fn(() => Promise.resolve());
let stopRealtime: (() => void) | undefined;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:voicemail');
  URL.revokeObjectURL = vi.fn();
  // jsdom plays no media.
  HTMLMediaElement.prototype.play = play;
  play.mockClear();
});
afterEach(() => stopRealtime?.());

describe('留守番電話 screen', { timeout: 60_000 }, () => {
  it('lists a new message, plays it (which makes it heard) and deletes it after confirmation', async () => {
    const { requests } = serve([message]);
    renderPanel(<VoicemailPage />, '/voicemail');
    const row = (await screen.findByText('09012345678')).closest('tr') as HTMLElement;
    expect(within(row).getByText('新着')).toBeTruthy();
    expect(within(row).getByText('0:07')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(within(row).getByRole('button', { name: '再生 09012345678' }));
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    expect(screen.getByLabelText<HTMLAudioElement>('留守番電話メッセージの再生').src).toBe('blob:voicemail');
    await waitFor(() => expect(within(row).getByText('再生済み')).toBeTruthy());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ messageUuid: MESSAGE, heard: true });

    await user.click(within(row).getByRole('button', { name: '削除 09012345678' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(await screen.findByRole('button', { name: '削除' }));
    expect(await screen.findByText('メッセージを削除しました。')).toBeTruthy();
    expect(await screen.findByText('メッセージはありません')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/v1/voicemail/messages/${domainUuid}/${MESSAGE}`,
    ]);
  });

  it('says why a play failed and leaves the message new', async () => {
    mockApi({
      [`GET /api/v1/voicemail/messages/${domainUuid}`]: () =>
        envelope(200, '', { messages: [message], unheard: 1 }),
      [`GET /api/v1/voicemail/box/${domainUuid}`]: () => envelope(200, '', box),
      [`GET /api/v1/voicemail/messages/${domainUuid}/${MESSAGE}`]: () =>
        envelope(404, 'メッセージが見つかりません。'),
    });
    startSession('tok', info);
    renderPanel(<VoicemailPage />, '/voicemail');
    const row = (await screen.findByText('09012345678')).closest('tr') as HTMLElement;
    await userEvent.setup().click(within(row).getByRole('button', { name: '再生 09012345678' }));
    expect(await screen.findByText('メッセージが見つかりません。')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();
    expect(within(row).getByText('新着')).toBeTruthy();
  });

  it('tells a user without an extension that there is no box, asking the server nothing', () => {
    const requests = mockApi({});
    startSession('tok', panelUserInfo({ extension: null, extensionUuid: null }));
    renderPanel(<VoicemailPage />, '/voicemail');
    expect(screen.getByText('内線番号が割り当てられていないため、留守番電話は使えません。')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});

describe('message-waiting badge', { timeout: 60_000 }, () => {
  it('appears only with new messages, follows /topic/voicemail and opens the 留守番電話 screen', async () => {
    const server = serve([{ ...message, heard: true }]);
    stopRealtime = connectRealtime();
    const { router } = renderPanel(<VoicemailBadge />);
    await waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /留守番電話/ })).toBeNull();

    // A caller leaves a message: the server tells the owner's consoles the new count.
    server.arrive({ ...message, messageUuid: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb2', heard: false });
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.voicemail(userUuid))).toBe(true));
    fakeStomp.publish(topics.voicemail(userUuid), '1');
    const badge = await screen.findByRole('button', { name: /留守番電話/ });
    expect(badge.closest('.ant-badge')?.textContent).toContain('1');

    await userEvent.setup().click(badge);
    await waitFor(() => expect(router.state.location.pathname).toBe('/voicemail'));
  });
});
