import { PASSWORD_MESSAGE } from '@tsunagu/contract/auth';
import { messages } from '@tsunagu/contract/messages';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRingSettings, saveRingSettings } from '../../shared/ring-settings/ring-settings';
import { getSession, startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { SettingsTab } from './settings-tab';

const info = panelUserInfo();

/** Audio elements the page created, with what was done to them. */
const played: { src: string; volume: number; loop: boolean; paused: boolean }[] = [];
class FakeAudio {
  volume = 1;
  loop = false;
  private readonly record: (typeof played)[number];
  constructor(readonly src: string) {
    this.record = { src, volume: 1, loop: false, paused: true };
    played.push(this.record);
  }
  play() {
    Object.assign(this.record, { volume: this.volume, loop: this.loop, paused: false });
    return Promise.resolve();
  }
  pause() {
    this.record.paused = true;
  }
}

beforeEach(() => {
  saveRingSettings({ ringSound: 'ring-bell1.mp3', ringSoundVolume: 100 });
  localStorage.clear();
  played.length = 0;
  vi.stubGlobal('Audio', FakeAudio);
});
afterEach(() => vi.useRealTimers());

function openSettings(user: Parameters<typeof panelUserInfo>[0] = {}) {
  const requests = mockApi({
    'GET /api/v1/log/success': () => envelope(200, ''),
    'GET /api/v1/twoStep': () => envelope(200, '', { enabled: false, required: false, recoveryCodesLeft: 0 }),
    [`GET /api/v1/user/status/setting/${info.user.domainUuid}`]: () =>
      envelope(200, '', { wrapUpSeconds: 0 }),
    [`POST /api/v1/user/status/setting/${info.user.domainUuid}`]: ({ body }) => envelope(200, '', body),
    [`GET /api/v1/voicemail/box/${info.user.domainUuid}`]: () =>
      envelope(200, '', {
        extension: '1001',
        settings: { enabled: false, onNoAnswer: true, noAnswerSeconds: 20, onBusy: true, ownGreeting: false },
        greeting: null,
      }),
    'POST /api/v1/user': ({ body }) =>
      envelope(
        200,
        (body as { popup?: string }).popup ? '変更しました。再ログイン後に反映されます。' : '変更しました。',
      ),
  });
  startSession('tok', panelUserInfo(user));
  renderPanel(<SettingsTab />);
  return requests;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('settings tab', () => {
  it('offers the ringtones of spec 9 and saves the choice on the device, logging the bell change', async () => {
    openSettings();
    const user = userEvent.setup();
    await user.click(within(section('着信音')).getByRole('combobox'));
    await screen.findByTitle('着信音2');
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((o) => o.getAttribute('title'))).toEqual([
      '着信音1（標準）',
      '着信音2',
      '着信音3',
      '着信メロディ1',
      '着信メロディ2',
      '着信メロディ3',
      '着信メロディ4',
      '着信メロディ5',
      '着信メロディ6',
      '無音',
    ]);
    await user.click(screen.getByTitle('着信メロディ3'));

    expect(await screen.findByText('変更しました。')).toBeTruthy();
    expect(localStorage.getItem('ringSound')).toBe('ring-song3.mp3');
    expect(getRingSettings().ringSound).toBe('ring-song3.mp3');
    // The log call is the bell change's (the tab's own reads may still be arriving, in any order).
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map((call) => String(call[0]))).toContain(
        '/api/v1/log/success?process=LogController-bellChange',
      ),
    );
  });

  it('previews the ringtone for 5 seconds at the saved volume; silence has no preview', async () => {
    saveRingSettings({ ringSoundVolume: 40 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openSettings();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: /試聴/ }));

    expect(played).toEqual([{ src: '/sounds/ring-bell1.wav', volume: 0.4, loop: true, paused: false }]);
    expect(screen.getByRole('button', { name: /停止/ })).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_900));
    expect(played[0]?.paused).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(played[0]?.paused).toBe(true);
    expect(screen.getByRole('button', { name: /試聴/ })).toBeTruthy();

    act(() => saveRingSettings({ ringSound: 'none' }));
    expect(screen.getByRole('button', { name: /試聴/ }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the volume between 10 and 100, with the hint, and saves it on the device', async () => {
    openSettings();
    const user = userEvent.setup();
    const volume = section('着信音量（%）');
    expect(within(volume).getByText('10以上100以下に設定してください。')).toBeTruthy();
    const input = within(volume).getByRole('spinbutton');
    const save = within(volume).getByRole('button', { name: '保存' });

    for (const wrong of ['9', '101', '']) {
      await user.clear(input);
      if (wrong) await user.type(input, wrong);
      await user.click(save);
      expect(within(volume).getByRole('alert').textContent).toBe(
        '着信音量は10〜100の範囲で設定してください。',
      );
      expect(localStorage.getItem('ringSoundVolume')).toBeNull();
    }

    await user.clear(input);
    await user.type(input, '10');
    await user.click(save);
    expect(await screen.findByText('変更しました。')).toBeTruthy();
    expect(localStorage.getItem('ringSoundVolume')).toBe('10');
    expect(within(volume).queryByRole('alert')).toBeNull();
  });

  it('shows ring settings to headset users only, and the pop-up setting to desk-phone users only', () => {
    openSettings({ phoneType: 'phone' });
    expect(screen.queryByRole('region', { name: '着信音' })).toBeNull();
    expect(screen.queryByRole('region', { name: '着信音量（%）' })).toBeNull();
    expect(section('着信ポップアップ')).toBeTruthy();
    expect(section('パスワード変更')).toBeTruthy();
  });

  it('changes the password only with the current one and a new one that meets the rule', async () => {
    const requests = openSettings();
    const user = userEvent.setup();
    const password = section('パスワード変更');
    await user.type(within(password).getByLabelText('PW'), 'New#Pass2026');
    await user.click(within(password).getByRole('button', { name: '変更' }));
    expect((await within(password).findByRole('alert')).textContent).toBe(
      '現在のパスワードを入力してください。',
    );

    await user.type(within(password).getByLabelText('現在のパスワード'), 'Staff#2026');
    await user.clear(within(password).getByLabelText('PW'));
    await user.type(within(password).getByLabelText('PW'), 'weakpass');
    await user.click(within(password).getByRole('button', { name: '変更' }));
    expect((await within(password).findByRole('alert')).textContent).toBe(PASSWORD_MESSAGE);
    expect(requests.some((r) => r.path === '/api/v1/user')).toBe(false);

    await user.clear(within(password).getByLabelText('PW'));
    await user.type(within(password).getByLabelText('PW'), 'New#Pass2026');
    await user.click(within(password).getByRole('button', { name: '変更' }));

    expect(await screen.findByText('変更しました。')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/v1/user')?.body).toEqual({
      userUuid: info.user.userUuid,
      userCredentials: { password: 'New#Pass2026', currentPassword: 'Staff#2026' },
    });
    expect((within(password).getByLabelText('PW') as HTMLInputElement).value).toBe('');
    expect((within(password).getByLabelText('現在のパスワード') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's answer to a wrong current password next to the fields", async () => {
    openSettings();
    mockApi({ 'POST /api/v1/user': () => envelope(400, messages.currentPasswordWrong) });
    const user = userEvent.setup();
    const password = section('パスワード変更');
    await user.type(within(password).getByLabelText('現在のパスワード'), 'Guess#2026');
    await user.type(within(password).getByLabelText('PW'), 'New#Pass2026');
    await user.click(within(password).getByRole('button', { name: '変更' }));
    expect((await within(password).findByRole('alert')).textContent).toBe(messages.currentPasswordWrong);
    const current = within(password).getByLabelText('現在のパスワード');
    expect(current.getAttribute('aria-invalid')).toBe('true');

    // The next attempt is about the new password only: the current one is no longer marked.
    await user.clear(within(password).getByLabelText('PW'));
    await user.type(within(password).getByLabelText('PW'), 'weakpass');
    await user.click(within(password).getByRole('button', { name: '変更' }));
    await waitFor(() => expect(within(password).getByRole('alert').textContent).toBe(PASSWORD_MESSAGE));
    expect(current.getAttribute('aria-invalid')).toBe('false');
    expect(within(password).getByLabelText('PW').getAttribute('aria-invalid')).toBe('true');
  });

  it('saves the pop-up setting with a null password, with the re-login message', async () => {
    const requests = openSettings({ phoneType: 'phone', popup: 'true' });
    const user = userEvent.setup();
    const popup = section('着信ポップアップ');
    await user.click(within(popup).getByRole('combobox'));
    await user.click(await screen.findByTitle('しない'));
    await user.click(within(popup).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('変更しました。再ログイン後に反映されます。')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/v1/user')?.body).toEqual({
      userUuid: info.user.userUuid,
      popup: 'false',
      userCredentials: { password: null },
    });
    expect(getSession()?.user.user.popup).toBe('false');
  });

  it("disables the pop-up setting when userPopup is 'false'", () => {
    openSettings({ phoneType: 'phone', userPopup: 'false' });
    const popup = section('着信ポップアップ');
    expect(within(popup).getByRole('button', { name: '保存' }).hasAttribute('disabled')).toBe(true);
    expect(within(popup).getByRole('combobox').hasAttribute('disabled')).toBe(true);
    expect(within(popup).getByText('この設定は管理者により変更できません。')).toBeTruthy();
  });

  it('offers administrators the automatic after-call work, saved for the tenant', async () => {
    const requests = openSettings({ userClass: 'CP' });
    const block = section('通話後の後処理');
    const input = within(block).getByRole('spinbutton', { name: '後処理の時間(秒)' });
    await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '30');
    await user.click(within(block).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('後処理の設定を保存しました。')).toBeTruthy();
    expect(
      requests.find((r) => r.path.startsWith('/api/v1/user/status/setting/') && r.method === 'POST')?.body,
    ).toEqual({
      wrapUpSeconds: 30,
    });
  });

  it('shows staff no tenant setting', () => {
    openSettings({ userClass: 'USER' });
    expect(screen.queryByRole('region', { name: '通話後の後処理' })).toBeNull();
  });

  it('offers do-not-disturb to a user with an extension only', () => {
    openSettings();
    expect(within(section('着信拒否')).getByRole('switch', { name: '着信拒否' })).toBeTruthy();
    cleanup();
    openSettings({ extension: null, extensionUuid: null });
    expect(screen.queryByRole('region', { name: '着信拒否' })).toBeNull();
  });

  it('offers the 留守番電話 box, as the server has it, to a user with an extension only', async () => {
    openSettings();
    const box = within(section('留守番電話'));
    const enabled = await box.findByRole('switch', { name: '留守番電話を使う' });
    expect(enabled.getAttribute('aria-checked')).toBe('false');
    expect(box.getByRole<HTMLInputElement>('spinbutton', { name: '呼出秒数' }).value).toBe('20');
    cleanup();
    openSettings({ extension: null, extensionUuid: null });
    expect(screen.queryByRole('region', { name: '留守番電話' })).toBeNull();
  });
});
