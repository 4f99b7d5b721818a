import type { CallStateItem } from '@tsunagu/contract/call';
import type { CdrItem } from '@tsunagu/contract/cdr';
import { topics } from '@tsunagu/contract/realtime';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSoftphone } from '../../phone/browser';
import { emptySession, type CallSession, type CallView } from '../../phone/call-session';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { directoryFixture, directoryRoute } from '../../test/fixtures';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { SoftphoneTab } from './softphone-tab';

const info = panelUserInfo();
const directory = directoryFixture({
  extensions: [
    { extensionUuid: 'e0', extension: '1000', label: '1000 (受付)', effectiveCallerIdName: '受付' },
    { extensionUuid: 'e2', extension: '1002', label: '1002 (鈴木 花子)', effectiveCallerIdName: '鈴木 花子' },
  ],
});
const { domainUuid } = info.user;
const phone = getSoftphone();

function call(callID: string, patch: Partial<CallView> = {}): CallView {
  return {
    callID,
    line: 1,
    direction: 'inbound',
    number: '0312340001',
    name: '代表#佐藤',
    status: 'ringing',
    activeSince: null,
    muted: false,
    ...patch,
  };
}

/** Puts the softphone in a state (as its verto events would). */
function showSession(session: Partial<CallSession>) {
  act(() => phone.store.set({ status: 'ready', problem: null, session: { ...emptySession, ...session } }));
}

function cdr(i: number, patch: Partial<CdrItem> = {}): CdrItem {
  return {
    cdrUuid: `cdr-${i}`,
    direction: 'inbound',
    callerIdName: '',
    callerIdNumber: `03123400${String(i).padStart(2, '0')}`,
    destinationNumber: '1001',
    displayName: '未登録',
    billsec: 30,
    startStamp: '2026-11-20T01:02:00.000Z',
    ...patch,
  };
}

let stopRealtime: (() => void) | undefined;
beforeEach(() => {
  const actions = [
    'dial',
    'answer',
    'reject',
    'toggleHold',
    'transfer',
    'park',
    'consult',
    'completeTransfer',
    'cancelConsult',
    'switchTo',
    'conference',
    'leaveConference',
    'hangUpCall',
  ] as const;
  for (const action of actions) {
    vi.spyOn(phone, action).mockResolvedValue(undefined as never);
  }
  vi.spyOn(phone, 'hangUp').mockReturnValue(undefined);
  vi.spyOn(phone, 'toggleMute').mockReturnValue(undefined);
  vi.spyOn(phone, 'sendDtmf').mockReturnValue(undefined);
});
afterEach(() => {
  stopRealtime?.();
  vi.restoreAllMocks();
  phone.store.set({ status: 'idle', problem: null, session: emptySession });
});

function openTab({
  channels = [] as CallStateItem[],
  history = { content: [cdr(1)], total: 1 },
}: { channels?: CallStateItem[]; history?: { content: CdrItem[]; total: number } } = {}) {
  const requests = mockApi({
    [`GET /api/v1/call/callState/${domainUuid}`]: () => envelope(200, '', channels),
    ...directoryRoute(directory),
    'POST /api/v1/cdr/ext': () =>
      envelope(200, '', {
        page: { content: history.content, totalElements: history.total, number: 0, size: 10 },
      }),
  });
  startSession('tok', info);
  stopRealtime = connectRealtime();
  const view = renderPanel(<SoftphoneTab />);
  showSession({});
  return { requests, ...view };
}

const button = (name: RegExp | string) => screen.getByRole('button', { name });

describe('softphone tab with no call', () => {
  it("shows '-' and 00:00:00; Dial is enabled only with a number, and Enter dials it", async () => {
    openTab();
    const user = userEvent.setup();
    expect(screen.getByLabelText('通話相手').textContent).toBe('-');
    expect(screen.getByLabelText('通話時間').textContent).toBe('00:00:00');
    expect(screen.getByRole('status').textContent).toBe('接続済み');
    expect(button(/発信/)).toHaveProperty('disabled', true);

    const input = screen.getByRole('textbox', { name: '電話番号' });
    await user.type(input, '10a-0#2');
    expect(input).toHaveProperty('value', '100#2');
    expect(button(/発信/)).toHaveProperty('disabled', false);
    await user.click(button('1文字削除'));
    expect(input).toHaveProperty('value', '100#');
    await user.click(button('すべて消去'));
    expect(input).toHaveProperty('value', '');

    // Without a call the keypad types into the number.
    for (const key of ['1', '0', '0', '2']) await user.click(button(`キー ${key}`));
    expect(input).toHaveProperty('value', '1002');
    await user.type(input, '{Enter}');
    expect(phone.dial).toHaveBeenCalledWith('1002');
    expect(phone.sendDtmf).not.toHaveBeenCalled();
    // No call: no Hold, Hang up, Receive call; transfer disabled.
    expect(screen.queryByRole('button', { name: /保留/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /切断/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /受話/ })).toBeNull();
    expect(button(/ブラインド転送/)).toHaveProperty('disabled', true);
  });

  it('says why it cannot call while the exchange is unreachable', () => {
    openTab();
    act(() =>
      phone.store.set({
        status: 'unreachable',
        problem: '電話サーバーに接続できません。自動的に再接続を試みています。',
        session: emptySession,
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain('電話サーバーに接続できません');
  });

  it('lists waiting calls as [L{n}] name; a line button answers its call and opens an outside caller’s record', async () => {
    const { router } = openTab();
    showSession({
      calls: { a: call('a'), b: call('b', { line: 2, number: '1002', name: '鈴木 花子' }) },
      incoming: ['a', 'b'],
    });
    vi.mocked(phone.answer).mockImplementation(async (id) => call(id ?? 'a'));
    const user = userEvent.setup();
    expect(
      within(screen.getByRole('list', { name: '回線の通話' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.ant-typography')?.textContent),
    ).toEqual(['[L1] 代表#佐藤（着信中）', '[L2] 鈴木 花子（着信中）']);
    expect(button('L1')).toHaveProperty('disabled', false);
    expect(button('L2')).toHaveProperty('disabled', false);
    expect(button('L3')).toHaveProperty('disabled', true);
    // Waiting calls: Hang up (rejects the first) and Receive call appear; each waiting call can be refused.
    expect(button(/切断/)).toBeTruthy();
    await user.click(button('L2 を拒否'));
    expect(phone.hangUpCall).toHaveBeenCalledWith('b');
    await user.click(button('L1'));
    expect(phone.answer).toHaveBeenCalledWith('a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/management/0312340001'));
  });

  it("'Receive call' answers the first waiting call; an extension's call opens no record", async () => {
    const { router } = openTab();
    showSession({ calls: { b: call('b', { number: '1002' }) }, incoming: ['b'] });
    vi.mocked(phone.answer).mockResolvedValue(call('b', { number: '1002' }));
    await userEvent.setup().click(button(/受話/));
    expect(phone.answer).toHaveBeenCalledWith(undefined);
    await Promise.resolve();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('enables only occupied park slots, which are red, and retrieves from them', async () => {
    openTab({
      channels: [
        {
          uuid: 'p',
          extension: '1002',
          application: 'valet_park',
          dest: 'park+5903',
          cid_num: '0312340001',
          callee_num: '',
          sent_callee_num: '',
          direction: 'inbound',
          callstate: 'ACTIVE',
        },
      ],
    });
    await waitFor(() => expect(button('P3').getAttribute('data-occupied')).toBe('true'));
    expect(button('P3')).toHaveProperty('disabled', false);
    expect(button('P1')).toHaveProperty('disabled', true);
    await userEvent.setup().click(button('P3'));
    expect(phone.park).toHaveBeenCalledWith(3);
  });

  it('follows the park topic once it speaks', async () => {
    openTab();
    await waitFor(() =>
      expect(
        fakeStomp.publish(
          topics.park(info.domain.domainName),
          JSON.stringify({ lots: { lot: { name: '5900', extension: { content: 5905, uuid: 'x' } } } }),
        ),
      ).toBeGreaterThan(0),
    );
    await waitFor(() => expect(button('P5').getAttribute('data-occupied')).toBe('true'));
  });
});

describe('softphone tab during a call', () => {
  const talking = (patch: Partial<CallView> = {}) =>
    showSession({
      calls: {
        x: call('x', {
          direction: 'outbound',
          number: '1002',
          name: '',
          status: 'active',
          activeSince: Date.now() - 65_000,
          ...patch,
        }),
      },
      currentId: 'x',
    });

  it('shows the far end and the running duration; Hold, Mute and Hang up act on the call; the keypad sends DTMF', async () => {
    openTab();
    talking();
    const user = userEvent.setup();
    expect(screen.getByLabelText('通話相手').textContent).toBe('1002');
    expect(screen.getByLabelText('通話時間').textContent).toBe('00:01:05');
    expect(screen.getByRole('status').textContent).toBe('通話中');
    await user.click(button(/保留/));
    expect(phone.toggleHold).toHaveBeenCalled();
    await user.click(button(/ミュート/));
    expect(phone.toggleMute).toHaveBeenCalled();
    await user.click(button('キー #'));
    expect(phone.sendDtmf).toHaveBeenCalledWith('#');
    expect(screen.getByRole('textbox', { name: '電話番号' })).toHaveProperty('value', '');
    await user.click(button(/切断/));
    expect(phone.hangUp).toHaveBeenCalled();
    // In a call any slot parks it.
    expect(button('P1')).toHaveProperty('disabled', false);
    await user.click(button('P1'));
    expect(phone.park).toHaveBeenCalledWith(1);
  });

  it('shows Hold pressed while held, without restarting the timer', () => {
    openTab();
    talking({ status: 'held' });
    expect(button(/保留/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('保留中');
    expect(screen.getByLabelText('通話時間').textContent).toBe('00:01:05');
  });

  it('transfers blind to a typed number on Enter, or to an extension picked from the list', async () => {
    openTab();
    talking();
    vi.mocked(phone.transfer).mockResolvedValue(true);
    const user = userEvent.setup();
    await user.click(button(/ブラインド転送/));
    expect(await screen.findByText('転送先の番号を入力して Enter を押してください')).toBeTruthy();
    expect(screen.getByText('クリックしてから Enter を押してください')).toBeTruthy();
    const list = screen.getByRole('listbox', { name: '内線一覧' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1000 - 受付', '1002 - 鈴木 花子']);
    expect(list.getAttribute('size')).toBe('10');
    await user.type(screen.getByRole('textbox', { name: '転送先番号' }), '0312345678{Enter}');
    expect(phone.transfer).toHaveBeenLastCalledWith('0312345678');

    await user.click(button(/ブラインド転送/));
    const again = await screen.findByRole('listbox', { name: '内線一覧' });
    await user.selectOptions(again, '1000');
    await user.type(again, '{Enter}');
    expect(phone.transfer).toHaveBeenLastCalledWith('1000');
  });
});

describe('softphone tab with two calls', () => {
  const held = (patch: Partial<CallView> = {}) =>
    call('a', { status: 'held', activeSince: Date.now() - 120_000, ...patch });
  const colleague = (patch: Partial<CallView> = {}) =>
    call('c', {
      line: 2,
      direction: 'outbound',
      number: '1002',
      name: '鈴木 花子',
      status: 'active',
      activeSince: Date.now() - 5_000,
      ...patch,
    });

  it('starts an attended transfer from the same picker as the blind one', async () => {
    openTab();
    showSession({ calls: { a: held({ status: 'active' }) }, currentId: 'a' });
    vi.mocked(phone.consult).mockResolvedValue(true);
    const user = userEvent.setup();
    await user.click(button(/相談転送/));
    expect(await screen.findByText('相談する番号を入力して Enter を押してください')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '転送先番号' }), '1002{Enter}');
    expect(phone.consult).toHaveBeenLastCalledWith('1002');
  });

  it('while consulting: shows both parties with 転送完了, 切替 and 相談取消; the held line switches back', async () => {
    openTab();
    showSession({
      calls: { a: held(), c: colleague() },
      currentId: 'c',
      aside: ['a'],
      consult: { heldId: 'a', consultId: 'c' },
    });
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: '相談転送中' });
    expect(within(panel).getByText('保留中の相手').nextSibling?.textContent).toBe('代表#佐藤 0312340001');
    expect(within(panel).getByText('相談先').nextSibling?.textContent).toBe('鈴木 花子 1002');
    await user.click(within(panel).getByRole('button', { name: '転送完了' }));
    expect(phone.completeTransfer).toHaveBeenCalled();
    await user.click(within(panel).getByRole('button', { name: '切替' }));
    expect(phone.switchTo).toHaveBeenLastCalledWith('a');
    await user.click(within(panel).getByRole('button', { name: '相談取消' }));
    expect(phone.cancelConsult).toHaveBeenCalled();
    expect(button('L2').getAttribute('aria-pressed')).toBe('true');
    await user.click(button('L1'));
    expect(phone.switchTo).toHaveBeenLastCalledWith('a');
    await user.click(button('L1 を切断'));
    expect(phone.hangUpCall).toHaveBeenCalledWith('a');
    // Nothing more to transfer meanwhile; the two can become a three-way call.
    expect(button(/ブラインド転送/)).toHaveProperty('disabled', true);
    await user.click(button(/3者通話/));
    expect(phone.conference).toHaveBeenCalled();
  });

  it('keeps 転送完了 off while the colleague’s phone still rings', () => {
    openTab();
    showSession({
      calls: { a: held(), c: colleague({ status: 'calling', activeSince: null }) },
      currentId: 'c',
      aside: ['a'],
      consult: { heldId: 'a', consultId: 'c' },
    });
    const panel = screen.getByRole('region', { name: '相談転送中' });
    expect(within(panel).getByRole('button', { name: '転送完了' })).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('button', { name: '切替' })).toHaveProperty('disabled', true);
  });

  it('in a three-way call: 退出 leaves the two talking, 全員切断 ends it; hold and park are off', async () => {
    openTab();
    showSession({
      calls: { a: held({ status: 'active' }), c: colleague() },
      currentId: 'c',
      conference: ['c', 'a'],
    });
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: '3者通話中' });
    expect(within(panel).getByText('L1').nextSibling?.textContent).toBe('代表#佐藤 0312340001');
    await user.click(within(panel).getByRole('button', { name: '退出' }));
    expect(phone.leaveConference).toHaveBeenCalled();
    await user.click(within(panel).getByRole('button', { name: '全員切断' }));
    expect(phone.hangUp).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /保留/ })).toBeNull();
    expect(button('P1')).toHaveProperty('disabled', true);
  });
});

describe("the tab's call history", () => {
  it('lists the calls: local ones without a customer link, numbers dial through the softphone', async () => {
    openTab({
      history: {
        content: [cdr(1), cdr(2, { direction: 'local', callerIdNumber: '1002', displayName: '鈴木 花子' })],
        total: 2,
      },
    });
    const list = await screen.findByRole('list', { name: '通話履歴' });
    const [outside, local] = await within(list).findAllByRole('listitem');
    expect(
      within(outside as HTMLElement)
        .getByRole('link', { name: '未登録' })
        .getAttribute('href'),
    ).toBe('/cust/management/0312340001');
    expect(within(local as HTMLElement).queryByRole('link')).toBeNull();
    await userEvent.setup().click(within(local as HTMLElement).getByRole('button', { name: '1002' }));
    expect(phone.dial).toHaveBeenCalledWith('1002');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('pages by itemsPerPage when there are more calls than one page', async () => {
    const { requests } = openTab({
      history: { content: Array.from({ length: 10 }, (_, i) => cdr(i)), total: 25 },
    });
    await screen.findByRole('list', { name: '通話履歴' });
    await userEvent.setup().click(await screen.findByTitle('3'));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/cdr/ext')).toBe(true),
    );
    expect(screen.getByTitle('3').className).toContain('active');
  });
});
