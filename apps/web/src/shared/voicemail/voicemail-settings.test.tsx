import type { VoicemailBox } from '@tsunagu/contract/voicemail';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import type { GreetingRecording } from './greeting-recorder';
import { VoicemailSettingsForm } from './voicemail-settings';
import { jaVoicemail as t } from './voicemail.ja';

// The microphone and MediaRecorder are the browser's (jsdom has neither): each test says what the
// recorder does (a plain function: a vi.fn keeps the rejection it returned and fails the test with it).
const microphone = vi.hoisted(() => ({
  record: (): Promise<GreetingRecording> => Promise.reject(new Error('unset')),
}));
vi.mock('./greeting-recorder', () => ({ recordGreeting: () => microphone.record() }));

const info = panelUserInfo();
const { domainUuid } = info.user;
const box: VoicemailBox = {
  extension: '1001',
  settings: { enabled: true, onNoAnswer: true, noAnswerSeconds: 20, onBusy: true, ownGreeting: false },
  greeting: null,
};

/** The box as the server keeps it (an upload stores the file's name); returns the uploads made so far. */
function serve() {
  let current = box;
  const requests = mockApi({
    [`GET /api/v1/voicemail/box/${domainUuid}`]: () => envelope(200, '', current),
    [`POST /api/v1/voicemail/greeting/${domainUuid}`]: ({ body }) => {
      const file = (body as FormData).get('file') as File;
      current = {
        ...current,
        greeting: { fileName: file.name, sizeBytes: file.size, updatedAt: '2026-11-28T05:30:00.000Z' },
      };
      return envelope(200, '', current);
    },
  });
  startSession('tok', info);
  renderPanel(<VoicemailSettingsForm domainUuid={domainUuid} />);
  return () => requests.filter((r) => r.method === 'POST');
}

const wav = (name: string) => new File([new Uint8Array(64)], name, { type: 'audio/wav' });

describe('the own greeting', { timeout: 60_000 }, () => {
  it('uploads a chosen file as the greeting and names it', async () => {
    const uploads = serve();
    await userEvent.setup().upload(await screen.findByLabelText(t.upload), wav('あいさつ.wav'));

    expect(await screen.findByText(t.greetingSaved)).toBeTruthy();
    expect(await screen.findByText(t.greetingFile('あいさつ.wav'))).toBeTruthy();
    const sent = (uploads()[0]?.body as FormData).get('file') as File;
    expect(sent.name).toBe('あいさつ.wav');
    expect(sent.size).toBe(64);
    // Now there is an own greeting, it can be chosen and listened to.
    expect(screen.getByRole('button', { name: new RegExp(t.listenGreeting) })).toBeTruthy();
  });

  it('records one in the browser: the button counts the seconds, and stopping uploads the recording', async () => {
    const stop = vi.fn(() => Promise.resolve(wav('greeting.wav')));
    microphone.record = () => Promise.resolve({ stop, cancel: vi.fn() });
    const uploads = serve();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: new RegExp(t.record) }));

    const stopButton = await screen.findByRole('button', { name: new RegExp(t.stopRecording) });
    expect(stopButton.textContent).toContain(t.recording(0));
    // Nothing else may start while the microphone records.
    expect(screen.getByRole('button', { name: new RegExp(t.upload) }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(stopButton.textContent).toContain(t.recording(1)), { timeout: 3_000 });
    await user.click(stopButton);

    expect(stop).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(t.greetingFile('greeting.wav'))).toBeTruthy();
    expect(((uploads()[0]?.body as FormData).get('file') as File).name).toBe('greeting.wav');
    expect(screen.getByRole('button', { name: new RegExp(t.record) })).toBeTruthy();
  });

  it('says the microphone cannot be used when the browser refuses it, and uploads nothing', async () => {
    microphone.record = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    const uploads = serve();
    await userEvent.setup().click(await screen.findByRole('button', { name: new RegExp(t.record) }));

    expect(await screen.findByText(t.recordFailed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: new RegExp(t.stopRecording) })).toBeNull();
    expect(uploads()).toHaveLength(0);
  });
});
