import type { CallStateItem } from '@tsunagu/contract/call';
import { endpoints } from '@tsunagu/contract/api';
import { can } from '@tsunagu/contract/permissions';
import { topics, type LoginUser } from '@tsunagu/contract/realtime';
import type { UserStatusEntry } from '@tsunagu/contract/user-status';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSoftphoneDialer } from '../../shared/dial/dial';
import { ja } from '../../shared/i18n/ja';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi, type RecordedRequest } from '../../test/mock-api';
import { colleagues, panelDirectory, panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { PresenceTab } from './presence-tab';

const info = panelUserInfo();
const { domainUuid } = info.user;
const { domainName } = info.domain;
const directoryPath = `GET /api/v1/user/directory/${domainUuid}`;

function call(entry: Partial<CallStateItem>): CallStateItem {
  return {
    uuid: 'c1',
    extension: '1002',
    application: 'bridge',
    dest: '1002',
    cid_num: '0312345678',
    callee_num: '',
    sent_callee_num: '',
    direction: 'outbound',
    callstate: 'ACTIVE',
    ...entry,
  };
}

let stopRealtime: (() => void) | undefined;
afterEach(() => stopRealtime?.());

function openPresence({
  user = {},
  loginUsers = [{ userUuid: colleagues.suzuki.userUuid, loginCnt: 1 }],
  callState = () => [] as CallStateItem[],
  deskPhones = [],
  softphones = [],
  statuses = [],
  extra = {},
}: {
  user?: Parameters<typeof panelUserInfo>[0];
  loginUsers?: { userUuid: string; loginCnt: number }[];
  callState?: () => CallStateItem[];
  deskPhones?: { extension: string; registered: boolean }[];
  softphones?: string[];
  statuses?: UserStatusEntry[];
  extra?: Record<string, (request: RecordedRequest) => Response | Promise<Response>>;
} = {}) {
  // The server sends a new subscriber the whole list; the console fetches it only to refresh.
  fakeStomp.firstMessages.set(topics.loginUser(domainUuid), () => JSON.stringify(loginUsers));
  const requests = mockApi({
    [`GET /api/v1/user/loginUsers/${domainUuid}`]: () => envelope(200, '', loginUsers),
    [`GET /api/v1/call/callState/${domainUuid}`]: () => envelope(200, '', callState()),
    [`GET /api/v1/user/deskPhones/${domainUuid}`]: () => envelope(200, '', deskPhones),
    [`GET /api/v1/user/softphones/${domainUuid}`]: () => envelope(200, '', softphones),
    [`GET /api/v1/user/status/${domainUuid}`]: () => envelope(200, '', statuses),
    [directoryPath]: () => envelope(200, '', panelDirectory()),
    ...extra,
  });
  startSession('tok', panelUserInfo(user));
  stopRealtime = connectRealtime();
  const view = renderPanel(<PresenceTab />);
  return { requests, ...view };
}

/** The list is covered by the spinner until the logged-in users are in. */
const loaded = () => waitFor(() => expect(within(row('鈴木 花子')).queryByText('IN')).toBeTruthy());

const row = (name: string) => screen.getByRole('listitem', { name });

describe('presence tab', () => {
  it('lists groups with their number, highlights the logged in and oneself, and marks IN', async () => {
    openPresence();
    await loaded();

    expect(screen.getByText('プレゼンスはベータ版の機能です。')).toBeTruthy();
    expect(screen.getByRole('region', { name: '営業部' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '300' })).toBeTruthy();
    expect(row('鈴木 花子').dataset.highlighted).toBe('true');
    expect(row('山田 太郎').dataset.highlighted).toBe('true');
    expect(within(row('山田 太郎')).queryByText('IN')).toBeNull();
    expect(row('田中 一郎').dataset.highlighted).toBeUndefined();
    expect(within(row('田中 一郎')).queryByText('IN')).toBeNull();
  });

  it('takes the whole list sent again after a reconnect, without fetching it', async () => {
    let loginUsers: LoginUser[] = [{ userUuid: colleagues.suzuki.userUuid, loginCnt: 1 }];
    fakeStomp.firstMessages.set(topics.loginUser(domainUuid), () => JSON.stringify(loginUsers));
    const requests = mockApi({
      [directoryPath]: () => envelope(200, '', panelDirectory()),
      [`GET /api/v1/call/callState/${domainUuid}`]: () => envelope(200, '', []),
      [`GET /api/v1/user/deskPhones/${domainUuid}`]: () => envelope(200, '', []),
    });
    startSession('tok', info);
    stopRealtime = connectRealtime();
    renderPanel(<PresenceTab />);
    await loaded();

    // While the socket was down Suzuki left and Tanaka came: the new subscription's list replaces.
    loginUsers = [{ userUuid: colleagues.tanaka.userUuid, loginCnt: 1 }];
    fakeStomp.drop(fakeStomp.open()[0]!);
    await waitFor(() => expect(within(row('田中 一郎')).queryByText('IN')).toBeTruthy());
    expect(within(row('鈴木 花子')).queryByText('IN')).toBeNull();
    expect(requests.some((r) => r.path.startsWith('/api/v1/user/loginUsers'))).toBe(false);
  });

  it("shows a desk phone's registration: ready, then not once /topic/deskPhone says it unregistered", async () => {
    openPresence({ deskPhones: [{ extension: colleagues.tanaka.extension, registered: true }] });
    await loaded();
    await waitFor(() => expect(within(row('田中 一郎')).queryByText('電話機 ○')).toBeTruthy());
    // Softphone users have no desk phone: no mark either way.
    expect(within(row('鈴木 花子')).queryByText(/電話機/)).toBeNull();
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.deskPhone(domainUuid))).toBe(true));

    fakeStomp.publish(
      topics.deskPhone(domainUuid),
      JSON.stringify({ extension: colleagues.tanaka.extension, registered: false }),
    );

    await waitFor(() => expect(within(row('田中 一郎')).queryByText('電話機 ×')).toBeTruthy());
    expect(within(row('田中 一郎')).queryByText('電話機 ○')).toBeNull();
  });

  it('tells a colleague signed in to the console from one whose softphone is ready, live', async () => {
    openPresence();
    await loaded();
    // Suzuki is signed in (IN), but her softphone is not connected to the exchange: calls would not ring.
    await waitFor(() => expect(within(row('鈴木 花子')).queryByText('ソフトフォン ×')).toBeTruthy());
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.softphone(domainUuid))).toBe(true));
    fakeStomp.publish(
      topics.softphone(domainUuid),
      JSON.stringify({ extension: colleagues.suzuki.extension, ready: true }),
    );
    await waitFor(() => expect(within(row('鈴木 花子')).queryByText('ソフトフォン ○')).toBeTruthy());
    // Nobody signed in and no softphone: no mark.
    expect(within(row('田中 一郎')).queryByText(/ソフトフォン/)).toBeNull();
  });

  it('follows /topic/loginUser live', async () => {
    openPresence();
    await loaded();
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.loginUser(domainUuid))).toBe(true));

    // Only who changed: Tanaka came, Suzuki left (0); everyone else stays as they were.
    fakeStomp.publish(
      topics.loginUser(domainUuid),
      JSON.stringify({ changed: [{ userUuid: colleagues.tanaka.userUuid, loginCnt: 1 }] }),
    );
    await waitFor(() => expect(within(row('田中 一郎')).queryByText('IN')).toBeTruthy());
    expect(within(row('鈴木 花子')).queryByText('IN')).toBeTruthy();

    fakeStomp.publish(
      topics.loginUser(domainUuid),
      JSON.stringify({ changed: [{ userUuid: colleagues.suzuki.userUuid, loginCnt: 0 }] }),
    );
    await waitFor(() => expect(within(row('鈴木 花子')).queryByText('IN')).toBeNull());
    expect(row('鈴木 花子').dataset.highlighted).toBeUndefined();
    expect(within(row('田中 一郎')).queryByText('IN')).toBeTruthy();
  });

  it("shows a signed-in colleague's status, live, and none for the signed out", async () => {
    const since = '2026-11-26T09:00:00.000Z';
    openPresence({ statuses: [{ userUuid: colleagues.suzuki.userUuid, status: 'meeting', since }] });
    await loaded();
    await waitFor(() => expect(within(row('鈴木 花子')).getByText('会議中')).toBeTruthy());
    expect(within(row('田中 一郎')).queryByText('会議中')).toBeNull();

    await waitFor(() => expect(fakeStomp.isSubscribed(topics.userStatus(domainUuid))).toBe(true));
    fakeStomp.publish(
      topics.userStatus(domainUuid),
      JSON.stringify([{ userUuid: colleagues.suzuki.userUuid, status: 'break', since }]),
    );
    await waitFor(() => expect(within(row('鈴木 花子')).getByText('休憩')).toBeTruthy());
    expect(within(row('鈴木 花子')).queryByText('会議中')).toBeNull();
  });

  it("shows a busy colleague's name in red with an On call badge to the caller's customer, live", async () => {
    let channels = [call({})];
    const { router } = openPresence({ callState: () => channels });
    const badge = await screen.findByRole('link', { name: '通話中 0312345678' });
    expect(within(row('鈴木 花子')).getByText('鈴木 花子').closest('.ant-typography-danger')).toBeTruthy();

    await userEvent.setup().click(badge);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/management/0312345678'));

    channels = [];
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.callState(domainUuid))).toBe(true));
    fakeStomp.publish(topics.callState(domainUuid), '1002');
    await waitFor(() => expect(screen.queryByText('通話中')).toBeNull());
    expect(within(row('鈴木 花子')).getByText('鈴木 花子').closest('.ant-typography-danger')).toBeNull();
  });

  it('in headset mode, monitor and extension clicks go to the softphone (*33 + extension)', async () => {
    const dialled: string[] = [];
    const unregister = registerSoftphoneDialer((number) => dialled.push(number));
    openPresence();
    await loaded();
    const user = userEvent.setup();
    await user.click(within(row('鈴木 花子')).getByRole('button', { name: 'モニター' }));
    await user.click(within(row('鈴木 花子')).getByRole('button', { name: '1002' }));
    await user.click(screen.getByRole('button', { name: '300' }));
    expect(dialled).toEqual(['*331002', '1002', '300']);
    // No monitor and no call link for oneself.
    expect(within(row('山田 太郎')).queryByRole('button', { name: 'モニター' })).toBeNull();
    expect(within(row('山田 太郎')).queryByRole('button', { name: '1001' })).toBeNull();
    unregister();
  });

  it('offers ピックアップ on a colleague whose phone rings: it dials *8 and the extension', async () => {
    const dialled: string[] = [];
    const unregister = registerSoftphoneDialer((number) => dialled.push(number));
    openPresence({ callState: () => [call({ callstate: 'RINGING', direction: 'outbound' })] });
    await loaded();
    const pickUp = await within(row('鈴木 花子')).findByRole('button', { name: 'ピックアップ' });
    await userEvent.setup().click(pickUp);
    expect(dialled).toEqual(['*81002']);
    expect(within(row('田中 一郎')).queryByRole('button', { name: 'ピックアップ' })).toBeNull();
    unregister();
  });

  it('offers no pick-up of a call a colleague is making, nor of one already answered', async () => {
    openPresence({
      callState: () => [
        call({ callstate: 'RINGING', direction: 'inbound' }),
        call({ uuid: 'b', extension: '1003', callstate: 'ACTIVE', direction: 'outbound' }),
      ],
    });
    await loaded();
    await screen.findAllByText('通話中');
    expect(screen.queryByRole('button', { name: 'ピックアップ' })).toBeNull();
  });

  it('in headset mode without a softphone yet, says so instead of calling', async () => {
    const { requests } = openPresence();
    await loaded();
    await userEvent.setup().click(within(row('鈴木 花子')).getByRole('button', { name: '1002' }));
    expect(await screen.findByText(ja.panel.dial.softphoneUnavailable)).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/v1/call/clickToCall')).toBe(false);
  });

  it('in desk-phone mode clicks to call, blocking other calls until 500 ms after the answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { requests } = openPresence({
      user: { phoneType: 'phone' },
      extra: {
        'POST /api/v1/call/clickToCall': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    await loaded();
    const user = userEvent.setup();
    const extension = within(row('鈴木 花子')).getByRole('button', { name: '1002' });
    await user.click(extension);
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/v1/call/clickToCall')).toHaveLength(1),
    );
    expect(requests.filter((r) => r.path === '/api/v1/call/clickToCall').at(-1)?.body).toEqual({
      extensionUuid: info.user.extensionUuid,
      dest: '1002',
    });
    expect(extension.hasAttribute('disabled')).toBe(true);
    expect(within(row('田中 一郎')).getByRole('button', { name: '1003' }).hasAttribute('disabled')).toBe(
      true,
    );

    const answered = Date.now();
    answer(envelope(200, ''));
    const calling = await screen.findByText(/1002 に発信しています。/);
    // Shown below the header, where the simulated desk phone's 応答 button is.
    expect((calling.closest('[role="alert"]') as HTMLElement | null)?.style.marginTop).toBe('48px');
    await waitFor(() => expect(extension.hasAttribute('disabled')).toBe(false));
    expect(Date.now() - answered).toBeGreaterThanOrEqual(450);
  });

  it("refreshes the groups and logged-in users with the toast '表示しました。'", async () => {
    let directory = panelDirectory();
    const { requests } = openPresence({ extra: { [directoryPath]: () => envelope(200, '', directory) } });
    const loads = (path: string) => requests.filter((r) => r.path === path).length;
    const loginUsersPath = `/api/v1/user/loginUsers/${domainUuid}`;
    await loaded();
    // The socket brought the list: nothing fetched.
    expect(loads(loginUsersPath)).toBe(0);
    const directoryLoads = loads(directoryPath.slice(4));

    const [sales, general] = directory.userGroup.commDetails;
    directory = { ...directory, userGroup: { commDetails: [sales!, { ...general!, commName: '総務課' }] } };
    await userEvent.setup().click(screen.getByRole('button', { name: /更新/ }));

    expect(await screen.findByText('表示しました。')).toBeTruthy();
    expect(loads(loginUsersPath)).toBe(1);
    expect(loads(directoryPath.slice(4))).toBe(directoryLoads + 1);
    expect(await screen.findByRole('region', { name: '総務課' })).toBeTruthy();
  });

  it("fetches the tenant directory again when /topic/pbx says the tenant's configuration changed", async () => {
    let directory = panelDirectory();
    const { requests } = openPresence({ extra: { [directoryPath]: () => envelope(200, '', directory) } });
    await loaded();
    const loads = () => requests.filter((r) => r.path === directoryPath.slice(4)).length;
    const before = loads();
    const [sales, general] = directory.userGroup.commDetails;
    directory = { ...directory, userGroup: { commDetails: [sales!, { ...general!, commName: '総務課' }] } };
    fakeStomp.publish(topics.pbx(domainUuid), 'userGroup');
    expect(await screen.findByRole('region', { name: '総務課' })).toBeTruthy();
    expect(loads()).toBe(before + 1);
  });

  it('marks colleagues on do-not-disturb (着信拒否), following a change live on /topic/pbx', async () => {
    let doNotDisturb: string[] = [colleagues.suzuki.extension];
    openPresence({
      extra: { [`GET /api/v1/user/doNotDisturb/${domainUuid}`]: () => envelope(200, '', doNotDisturb) },
    });
    await loaded();
    await waitFor(() => expect(within(row('鈴木 花子')).queryByText('着信拒否')).toBeTruthy());
    expect(within(row('田中 一郎')).queryByText('着信拒否')).toBeNull();

    doNotDisturb = [colleagues.tanaka.extension];
    fakeStomp.publish(topics.pbx(domainUuid), 'extension');
    await waitFor(() => expect(within(row('田中 一郎')).queryByText('着信拒否')).toBeTruthy());
    expect(within(row('鈴木 花子')).queryByText('着信拒否')).toBeNull();
  });

  it('expands the park check to P1–P8: in use with the user and the caller, or unused; live', async () => {
    openPresence({
      callState: () => [
        call({ application: 'valet_park', dest: 'park+5902', extension: '1002', cid_num: '0312340001' }),
      ],
    });
    await userEvent.setup().click(screen.getByText('パーク保留確認（ベータ）'));
    const slots = await screen.findByRole('list', { name: 'パーク保留確認（ベータ）' });
    await waitFor(() =>
      expect(within(slots).getByRole('listitem', { name: 'P2' }).textContent).toContain('使用中'),
    );
    const p2 = within(slots).getByRole('listitem', { name: 'P2' });
    expect(p2.textContent).toContain('鈴木 花子');
    expect(within(p2).getByRole('link').getAttribute('href')).toBe('/cust/management/0312340001');
    expect(within(slots).getAllByRole('listitem')).toHaveLength(8);
    expect(within(slots).getByRole('listitem', { name: 'P1' }).textContent).toContain('未使用');

    await waitFor(() => expect(fakeStomp.isSubscribed(topics.park(domainName))).toBe(true));
    fakeStomp.publish(
      topics.park(domainName),
      JSON.stringify({
        lots: { lot: { name: `5900@${domainName}`, extension: { content: 5907, uuid: 'u' } } },
      }),
    );
    await waitFor(() =>
      expect(within(slots).getByRole('listitem', { name: 'P7' }).textContent).toContain('使用中'),
    );
    expect(within(slots).getByRole('listitem', { name: 'P2' }).textContent).toContain('未使用');
  });

  it('lets a tenant administrator force a logged-in colleague out after a Yes', async () => {
    const { requests } = openPresence({
      user: { userClass: 'CP' },
      extra: { 'POST /api/v1/user/forceLogout': () => envelope(200, '') },
    });
    await loaded();
    expect(screen.queryByRole('button', { name: '強制ログアウト 田中 一郎' })).toBeNull();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: '強制ログアウト 鈴木 花子' }));
    expect(await screen.findByText('鈴木 花子 さんを強制ログアウトしますか？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'いいえ' }));
    expect(requests.some((r) => r.path === '/api/v1/user/forceLogout')).toBe(false);

    await user.click(screen.getByRole('button', { name: '強制ログアウト 鈴木 花子' }));
    await user.click(await screen.findByRole('button', { name: 'はい' }));
    expect(await screen.findByText('強制ログアウトしました。')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/v1/user/forceLogout')?.body).toEqual({
      userUuid: colleagues.suzuki.userUuid,
    });
  });

  it('offers staff no forced logout', async () => {
    openPresence({ user: { userClass: 'USER' } });
    await loaded();
    expect(screen.queryByRole('button', { name: /強制ログアウト/ })).toBeNull();
  });

  it('asks what the endpoint asks: a staff user shown user management gets no button, as the API refuses them', async () => {
    expect(endpoints.forceLogout.capability).toBe('user.forceLogout');
    const menu = JSON.stringify([
      {
        variant: 3000,
        attributes: { hidden: false },
        children: [{ variant: 3100, attributes: { hidden: false } }],
      },
    ]);
    openPresence({ user: { userClass: 'USER', menu } });
    await loaded();
    expect(can(panelUserInfo({ userClass: 'USER', menu }).user, 'user.forceLogout')).toBe(false);
    expect(screen.queryByRole('button', { name: /強制ログアウト/ })).toBeNull();
  });
});
