import type { CallStateItem } from '@tsunagu/contract/call';
import { ringBody, topics } from '@tsunagu/contract/realtime';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSoftphone } from '../../phone/browser';
import { emptySession, type CallView } from '../../phone/call-session';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { callerDisplay } from './caller-display';
import { DeskPhoneControls, deskPhoneState } from './desk-phone-controls';
import { DeskPhoneIncomingCall, popsUp } from './desk-phone-incoming-call';
import { VertoIncomingCall } from './verto-incoming-call';

const phone = getSoftphone();
let stopRealtime: (() => void) | undefined;
const notifications: { title: string; body?: string }[] = [];
let closedNotifications = 0;

beforeEach(() => {
  notifications.length = 0;
  closedNotifications = 0;
  // The system notification, as a browser that granted the permission has it.
  vi.stubGlobal(
    'Notification',
    Object.assign(
      class {
        onclick: (() => void) | null = null;
        constructor(title: string, options: { body?: string }) {
          notifications.push({ title, body: options.body });
        }
        close() {
          closedNotifications++;
        }
      },
      { permission: 'granted', requestPermission: async () => 'granted' },
    ),
  );
});
afterEach(() => {
  stopRealtime?.();
  vi.restoreAllMocks();
  phone.store.set({ status: 'idle', problem: null, session: emptySession });
  lines = 0;
});

/** The softphone's ringing listeners, so that a test can ring them (the toast and notification path). */
function captureRinging() {
  const listeners: ((call: CallView) => void)[] = [];
  vi.spyOn(phone, 'onRinging').mockImplementation((listener) => {
    listeners.push(listener);
    return () => undefined;
  });
  return { ring: (call: CallView) => listeners.at(-1)?.(call) };
}

let lines = 0;
/** A ringing call on the next line (L1, L2 …, as the softphone gives them out). */
function ringing(callID: string, number: string, name: string): CallView {
  lines = (lines % 4) + 1;
  const line = lines;
  return {
    callID,
    line,
    direction: 'inbound',
    number,
    name,
    status: 'ringing',
    activeSince: null,
    muted: false,
  };
}

describe('callerDisplay', () => {
  it('shows an anonymous caller with an empty name and 非通知, leading nowhere', () => {
    expect(callerDisplay('Someone', 'Anonymous')).toEqual({
      name: '',
      number: '非通知',
      customerNumber: null,
    });
    expect(callerDisplay('', '')).toEqual({ name: '', number: '非通知', customerNumber: null });
  });

  it('leads to a customer only for numbers longer than 4 characters', () => {
    expect(callerDisplay('代表#佐藤', '0312340001').customerNumber).toBe('0312340001');
    expect(callerDisplay('鈴木 花子', '1002').customerNumber).toBeNull();
    expect(callerDisplay('x', '12345').customerNumber).toBe('12345');
  });
});

describe('popsUp (desk-phone mode)', () => {
  it("pops up only with the setting 'true' and never for a click-to-call", () => {
    expect(popsUp('true', { clickToCall: false })).toBe(true);
    expect(popsUp('true', { clickToCall: true })).toBe(false);
    expect(popsUp('false', { clickToCall: false })).toBe(false);
  });
});

describe('the softphone ringing modal', () => {
  function open() {
    mockApi({});
    startSession('tok', panelUserInfo());
    const view = renderPanel(<VertoIncomingCall />);
    return view;
  }

  function ring(...calls: CallView[]) {
    act(() =>
      phone.store.set({
        status: 'ready',
        problem: null,
        session: {
          ...emptySession,
          calls: Object.fromEntries(calls.map((c) => [c.callID, c])),
          incoming: calls.map((c) => c.callID),
        },
      }),
    );
  }

  it('shows 【number】 and the name with Answer, Answer then move and Reject; it stays on an outside click', async () => {
    open();
    const user = userEvent.setup();
    vi.spyOn(phone, 'answer').mockResolvedValue(ringing('a', '0312340001', '代表#佐藤'));
    ring(ringing('a', '0312340001', '代表#佐藤'));
    const dialog = await screen.findByRole('dialog', { name: '着信' });
    expect(within(dialog).getByText('【0312340001】')).toBeTruthy();
    expect(within(dialog).getByText('代表#佐藤')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['応対メモ', '応答', '応答して移動', '拒否']);
    await user.click(document.querySelector('.ant-modal-wrap') as HTMLElement);
    expect(screen.getByRole('dialog', { name: '着信' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '応答' }));
    expect(phone.answer).toHaveBeenCalledWith('a');
  });

  it('offers the calls waiting behind the first inside the modal, each answerable (L2, L3)', async () => {
    open();
    const answer = vi.spyOn(phone, 'answer').mockResolvedValue(null);
    ring(
      ringing('a', '0312340001', '代表#佐藤'),
      ringing('b', '1002', '鈴木 花子'),
      ringing('c', '0698765432', ''),
    );
    const dialog = await screen.findByRole('dialog', { name: '着信' });
    const lines = within(within(dialog).getByRole('list', { name: '着信待ち' })).getAllByRole('listitem');
    expect(lines.map((l) => l.querySelector('.ant-typography')?.textContent)).toEqual([
      '[L2] 鈴木 花子',
      '[L3] 0698765432',
    ]);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'L3 に応答' }));
    expect(answer).toHaveBeenCalledWith('c');
  });

  it("answers and moves to the caller's record", async () => {
    const { router } = open();
    vi.spyOn(phone, 'answer').mockResolvedValue(ringing('a', '0312340001', ''));
    ring(ringing('a', '0312340001', ''));
    await userEvent.setup().click(await screen.findByRole('button', { name: '応答して移動' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/management/0312340001'));
  });

  it('offers no move for an extension, and Reject rejects the call', async () => {
    open();
    const reject = vi.spyOn(phone, 'reject').mockResolvedValue();
    ring(ringing('b', '1002', '鈴木 花子'));
    const dialog = await screen.findByRole('dialog', { name: '着信' });
    expect(within(dialog).queryByRole('button', { name: '応答して移動' })).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '拒否' }));
    expect(reject).toHaveBeenCalledWith('b');
  });

  it('raises the system notification and a lasting toast that opens the record', async () => {
    const rings = captureRinging();
    const { router } = open();
    act(() => rings.ring(ringing('a', '0312340001', '代表#佐藤')));
    expect(notifications).toEqual([{ title: '着信', body: '代表#佐藤 【0312340001】' }]);
    const toast = await screen.findByText('顧客画面へ移動するにはクリックしてください');
    await userEvent.setup().click(toast);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/management/0312340001'));
  });
});

describe('the record of a ringing number', () => {
  it('is read as the call rings, before any click, with the layout it is shown with', async () => {
    const rings = captureRinging();
    const requests = mockApi({});
    startSession('tok', panelUserInfo());
    renderPanel(<VertoIncomingCall />);
    act(() => rings.ring(ringing('a', '0312340001', '代表#佐藤')));
    const read = (prefix: string, suffix = '') =>
      requests.some((r) => r.method === 'GET' && r.path.startsWith(prefix) && r.path.endsWith(suffix));
    await waitFor(() => expect(read('/api/v1/customer/number/', '/0312340001')).toBe(true));
    expect(read('/api/v1/layout/')).toBe(true);
  });

  it('is not read ahead for a number no customer can have, nor for a user who may not see customers', async () => {
    const rings = captureRinging();
    const requests = mockApi({});
    const readAhead = () => requests.some((r) => r.path.startsWith('/api/v1/customer/number/'));
    startSession('tok', panelUserInfo({ userClass: 'USER', menu: '[]' }));
    renderPanel(<VertoIncomingCall />);
    act(() => rings.ring(ringing('a', '0312340001', '代表#佐藤')));
    await screen.findByText('顧客画面へ移動するにはクリックしてください');
    expect(readAhead()).toBe(false);
    cleanup();
    startSession('tok', panelUserInfo());
    renderPanel(<VertoIncomingCall />);
    // A recorded FreeSWITCH offer's test caller: the server would refuse the number, alerting over the pop-up.
    act(() => rings.ring(ringing('b', '5551234', 'Click To Call')));
    await screen.findByText('顧客画面へ移動するにはクリックしてください');
    expect(readAhead()).toBe(false);
  });
});

describe('incoming-call notices end with the ringing', () => {
  it('close, toast and system notification, once the call no longer rings here (taken elsewhere or hung up)', async () => {
    const rings = captureRinging();
    mockApi({});
    startSession('tok', panelUserInfo());
    renderPanel(<VertoIncomingCall />);
    const call = ringing('a', '0312340001', '代表#佐藤');
    act(() => {
      phone.store.set({
        status: 'ready',
        problem: null,
        session: { ...emptySession, calls: { a: call }, incoming: ['a'] },
      });
      rings.ring(call);
    });
    await screen.findByText('顧客画面へ移動するにはクリックしてください');
    expect(closedNotifications).toBe(0);
    // A colleague answered: the call left this softphone.
    act(() => phone.store.set({ status: 'ready', problem: null, session: emptySession }));
    await waitFor(() => expect(closedNotifications).toBe(1));
    // antd lets the toast fade out (an animation jsdom never ends): it is marked leaving.
    await waitFor(() =>
      expect(
        screen.getByText('顧客画面へ移動するにはクリックしてください').closest('[class*="-leave"]'),
      ).not.toBeNull(),
    );
  });
});

describe('desk-phone mode', () => {
  const user = { phoneType: 'phone' as const, extensionUuid: 'ext-tanaka' };
  const info = panelUserInfo({ ...user, extension: '1003' });
  const publishRing = (body: string) =>
    waitFor(() => expect(fakeStomp.publish(topics.ring(info.user.userUuid), body)).toBeGreaterThan(0));

  it('pops up a ring with the number and name, Move and Close', async () => {
    mockApi({});
    startSession('tok', info);
    stopRealtime = connectRealtime();
    const { router } = renderPanel(<DeskPhoneIncomingCall />);
    await publishRing(ringBody('1003', '代表#佐藤', '0312340001', false));
    const dialog = await screen.findByRole('dialog', { name: '着信' });
    expect(within(dialog).getByText('0312340001')).toBeTruthy();
    expect(within(dialog).getByText('代表#佐藤')).toBeTruthy();
    expect(notifications).toEqual([{ title: '着信', body: '代表#佐藤 【0312340001】' }]);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '移動' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/management/0312340001'));
  });

  it('closes the pop-up and its notices once the desk phone stops ringing (taken elsewhere or hung up)', async () => {
    let channels: CallStateItem[] = [
      { extension: '1003', callstate: 'RINGING', application: 'bridge' } as CallStateItem,
    ];
    mockApi({ [`GET /api/v1/call/callState/${info.user.domainUuid}`]: () => envelope(200, '', channels) });
    startSession('tok', info);
    stopRealtime = connectRealtime();
    renderPanel(<DeskPhoneIncomingCall />);
    await publishRing(ringBody('1003', '代表#佐藤', '0312340001', false));
    await screen.findByRole('dialog', { name: '着信' });
    await screen.findByText('顧客画面へ移動するにはクリックしてください');
    expect(closedNotifications).toBe(0);
    // A colleague answered: the desk phone's channel is gone.
    channels = [];
    await waitFor(() =>
      expect(fakeStomp.publish(topics.callState(info.user.domainUuid), '1001')).toBeGreaterThan(0),
    );
    await waitFor(() => expect(closedNotifications).toBe(1));
  });

  it('shows nothing for a click-to-call, nor with the pop-up setting off', async () => {
    mockApi({});
    startSession('tok', { ...info, user: { ...info.user, popup: 'false' } });
    stopRealtime = connectRealtime();
    renderPanel(<DeskPhoneIncomingCall />);
    await publishRing(ringBody('1003', '', '0312340001', false));
    await publishRing(ringBody('1003', 'クリック発信', '1001', true));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notifications).toEqual([]);
  });

  it('shows an anonymous ring as 非通知 with Close only', async () => {
    mockApi({});
    startSession('tok', info);
    stopRealtime = connectRealtime();
    renderPanel(<DeskPhoneIncomingCall />);
    await publishRing(ringBody('1003', 'x', 'Anonymous', false));
    const dialog = await screen.findByRole('dialog', { name: '着信' });
    expect(within(dialog).getByText('非通知')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['閉じる']);
  });

  it('reads the simulated desk phone from its extension’s channels', () => {
    const channel = (callstate: string, extension = '1003') =>
      ({ extension, callstate, application: 'bridge' }) as CallStateItem;
    expect(deskPhoneState('1003', [])).toBe('idle');
    expect(deskPhoneState('1003', [channel('RINGING')])).toBe('ringing');
    expect(deskPhoneState('1003', [channel('RINGING'), channel('ACTIVE')])).toBe('talking');
    expect(deskPhoneState('1003', [channel('ACTIVE', '1001')])).toBe('idle');
  });

  it('answers and hangs up the simulated desk phone from the console', async () => {
    let channels: CallStateItem[] = [];
    const requests = mockApi({
      [`GET /api/v1/call/callState/${info.user.domainUuid}`]: () => envelope(200, '', channels),
      'POST /api/v1/sandbox/deskphone/answer': () => envelope(200, '', null),
      'POST /api/v1/sandbox/deskphone/hangup': () => envelope(200, '', null),
    });
    startSession('tok', info);
    stopRealtime = connectRealtime();
    renderPanel(<DeskPhoneControls />);
    const group = await screen.findByRole('group', { name: '卓上電話（模擬）' });
    expect(within(group).getByText('待機中')).toBeTruthy();
    expect(within(group).getByRole('button', { name: /応答/ })).toHaveProperty('disabled', true);

    channels = [{ extension: '1003', callstate: 'RINGING', application: 'bridge' } as CallStateItem];
    await publishRing(ringBody('1003', 'クリック発信', '1001', true));
    await within(group).findByText('着信中 クリック発信 1001');
    await userEvent.setup().click(within(group).getByRole('button', { name: /応答/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/v1/sandbox/deskphone/answer')).toBe(true),
    );

    channels = [{ extension: '1003', callstate: 'ACTIVE', application: 'bridge' } as CallStateItem];
    await waitFor(() =>
      expect(fakeStomp.publish(topics.callState(info.user.domainUuid), '1003')).toBeGreaterThan(0),
    );
    await within(group).findByText('通話中');
    await userEvent.setup().click(within(group).getByRole('button', { name: /切断/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/v1/sandbox/deskphone/hangup')).toBe(true),
    );
  });
});
