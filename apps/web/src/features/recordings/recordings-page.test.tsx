import type { Recording } from '@tsunagu/contract/pbx/recording';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { alertMessage, findLastButton, renderScreen, rowWith } from '../../shared/ui/testing/render-screen';
import { RecordingsPage } from './recordings-page';

const DOMAIN = '22222222-2222-4222-8222-222222222222';

const recordings: Recording[] = [
  {
    recordingUuid: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
    domainUuid: DOMAIN,
    recordingName: '標準ガイダンス',
    recordingFilename: 'default_welcome.wav',
    recordingDescription: 'DEFAULT',
  },
  {
    recordingUuid: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
    domainUuid: DOMAIN,
    recordingName: '代表挨拶',
    recordingFilename: 'welcome.wav',
    recordingDescription: null,
  },
];

/** 12.3 MB of 100 MB. */
const storage = { usedBytes: 12.3 * 1024 * 1024, quotaBytes: 100 * 1024 * 1024 };

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/** A fetch stub that also records binary and multipart requests, which the JSON mock cannot read. */
function serve(files: Record<string, number>, usage = storage) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.origin);
      const method = init.method ?? 'GET';
      sent.push({ method, url, headers: new Headers(init.headers), body: init.body });
      const json = (data: unknown) =>
        new Response(JSON.stringify({ code: 0, msg: '', data }), {
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.pathname === `/api/v1/recording/${DOMAIN}`) return json({ list: recordings, storage: usage });
      if (url.pathname === '/api/v1/recording/upload')
        return json({ list: recordings, storage: { ...storage, usedBytes: storage.usedBytes + 512 } });
      const size = files[url.searchParams.get('fileName') ?? ''];
      if (size !== undefined)
        return new Response(new Uint8Array(size), { headers: { 'Content-Type': 'audio/wav' } });
      throw new Error(`unexpected request ${method} ${url.pathname}`);
    }),
  );
  return sent;
}

async function expectAlert(message: string) {
  expect(await alertMessage()).toBe(message);
  await userEvent.click(await findLastButton('OK'));
}

const play = vi.fn(() => Promise.resolve());

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
  // jsdom plays no media.
  HTMLMediaElement.prototype.play = play;
  play.mockClear();
});

// Dialog round trips in jsdom are slow on a busy machine.
describe('RecordingsPage', { timeout: 60_000 }, () => {
  it('protects the built-in recordings: no download, Edit and Delete disabled', async () => {
    serve({});
    renderScreen(<RecordingsPage />, userInfoFixture());
    expect(await screen.findByText('標準ガイダンス')).toBeTruthy();
    expect(screen.getByText('使用量 12.3 MB / 100 MB')).toBeTruthy();
    expect(screen.getByText('音声ファイルリスト')).toBeTruthy();
    const builtIn = rowWith('標準ガイダンス');
    const own = rowWith('代表挨拶');
    expect(within(builtIn).getByRole('button', { name: '再生' })).toBeTruthy();
    expect(within(builtIn).queryByRole('button', { name: 'ダウンロード' })).toBeNull();
    expect(within(own).getByRole('button', { name: 'ダウンロード' })).toBeTruthy();

    await userEvent.click(within(builtIn).getByText('標準ガイダンス'));
    expect((screen.getByRole('button', { name: '修正' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '削除' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(own).getByText('代表挨拶'));
    expect((screen.getByRole('button', { name: '修正' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('plays and downloads with the Bearer token; a file under 100 bytes is not found', async () => {
    const sent = serve({ 'welcome.wav': 2048, 'default_welcome.wav': 40 });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen(<RecordingsPage />, userInfoFixture());
    await screen.findByText('代表挨拶');

    await userEvent.click(within(rowWith('代表挨拶')).getByRole('button', { name: '再生' }));
    const player = (await screen.findByLabelText('音声プレーヤー: 代表挨拶')) as HTMLAudioElement;
    expect(player.getAttribute('src')).toBe('blob:recording');
    expect(play).toHaveBeenCalledTimes(1);
    const played = sent.find((r) => r.url.pathname === '/api/v1/recording/playFile');
    expect(played?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(played?.url.searchParams.get('fileName')).toBe('welcome.wav');
    expect(played?.url.searchParams.get('domainUuid')).toBe(DOMAIN);

    await userEvent.click(within(rowWith('代表挨拶')).getByRole('button', { name: 'ダウンロード' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('welcome.wav');
    expect(link.href).toBe('blob:recording');
    const download = sent.find((r) => r.url.pathname === '/api/v1/recording/downloadFile');
    expect(download?.headers.get('Authorization')).toBe('Bearer test-token');

    await userEvent.click(within(rowWith('標準ガイダンス')).getByRole('button', { name: '再生' }));
    await expectAlert('ファイルが見つかりません.');
  });

  it('uploads: the file first, then the name; choosing a file names the recording', async () => {
    const sent = serve({});
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    renderScreen(<RecordingsPage />, userInfoFixture());
    await screen.findByText('代表挨拶');
    await userEvent.click(screen.getByRole('button', { name: '新規' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ファイルアップロード')).toBeTruthy();
    expect(within(dialog).getByText('※ wav・mp3ファイル（20MBまで）をアップロードできます')).toBeTruthy();
    const save = () => userEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    await save();
    await expectAlert('ファイルを選択してください。');

    const input = within(dialog).getByLabelText(/ファイル/, { selector: 'input' }) as HTMLInputElement;
    expect(input.accept).toBe('.mp3,.wav');
    const file = new File([new Uint8Array(512)], 'guide.wav', { type: 'audio/wav' });
    await userEvent.upload(input, file);
    const name = within(dialog).getByLabelText(/名前/) as HTMLInputElement;
    expect(name.value).toBe('guide.wav');

    await userEvent.clear(name);
    await save();
    await expectAlert('名前を入力してください。');

    await userEvent.type(name, 'ご案内');
    await save();
    expect(await screen.findByText('保存されました!')).toBeTruthy();
    // The upload's answer carries the new usage, shown without another request.
    expect(await screen.findByText('使用量 12.4 MB / 100 MB')).toBeTruthy();
    const upload = sent.find((r) => r.url.pathname === '/api/v1/recording/upload');
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(upload?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    const form = upload?.body as FormData;
    expect((form.get('file') as File).name).toBe('guide.wav');
    expect(JSON.parse(form.get('data') as string)).toEqual({
      recordingUuid: null,
      domainUuid: DOMAIN,
      recordingName: 'ご案内',
      recordingFilename: 'guide.wav',
    });
  });

  it('refuses a file that does not fit in the storage before sending it', async () => {
    const sent = serve({}, { usedBytes: 99.9 * 1024 * 1024, quotaBytes: 100 * 1024 * 1024 });
    renderScreen(<RecordingsPage />, userInfoFixture());
    expect(await screen.findByText('使用量 99.9 MB / 100 MB')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '新規' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText(/ファイル/, { selector: 'input' }) as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(200 * 1024)], 'long.wav', { type: 'audio/wav' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expectAlert(
      '音声ファイルの保存容量の上限（100 MB）を超えるため保存できません。現在の使用量: 99.9 MB',
    );
    expect(sent.some((r) => r.url.pathname === '/api/v1/recording/upload')).toBe(false);
  });
});
