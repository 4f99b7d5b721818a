import { describe, expect, it } from 'vitest';
import { DEMO, signIn } from './support/auth-steps';
import { dial, incomingCall, signInWithSoftphone, softphone, STAFF } from './support/call-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();
const newPage = () => e2e.newPage();

describe('recording a call on demand', () => {
  it('admin turns on-demand recording on; yamada records part of a call to suzuki; the recording plays and downloads from the history', async () => {
    const admin = await newPage();
    await signIn(admin, DEMO.admin);
    await admin.getByRole('tab', { name: '設定' }).click();
    const settings = admin.getByRole('tabpanel', { name: '設定' });
    await settings.getByRole('combobox', { name: '録音' }).click();
    await admin.getByRole('option', { name: '通話中に操作した時だけ録音' }).click();
    // The settings tab has a 保存 per section: this one stands beside the retention days.
    await settings
      .getByRole('spinbutton', { name: '保存期間（日）' })
      .locator('xpath=ancestor::div[contains(@class,"ant-flex")][1]')
      .getByRole('button', { name: '保存' })
      .click();
    await admin.getByText('保存されました!').first().waitFor();

    const yamada = await signInWithSoftphone(newPage, DEMO.yamada);
    const suzuki = await signInWithSoftphone(newPage, STAFF.suzuki);
    await dial(yamada, '1002');
    await incomingCall(suzuki).getByRole('button', { name: '応答', exact: true }).click();
    const record = softphone(yamada).getByRole('button', { name: '録音', exact: true });
    await record.click();
    await softphone(yamada).getByText('録音中').waitFor();
    await yamada.screenshot({ path: e2e.artifact('recording-yamada-recording.png') });
    await yamada.waitForTimeout(2000);
    await softphone(yamada)
      .getByRole('button', { name: /録音停止/ })
      .click();
    await softphone(yamada).getByText('録音中').waitFor({ state: 'hidden' });
    await softphone(yamada).getByRole('button', { name: /切断/ }).click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();

    // yamada's own history lists the recording on the call: it plays, and downloads as a WAV.
    await yamada.getByRole('tab', { name: '通話履歴' }).click();
    const history = yamada.getByRole('tabpanel', { name: '通話履歴' });
    await history.getByRole('button', { name: '更新' }).click();
    const recordings = history.getByRole('group', { name: '録音' }).first();
    await recordings.getByRole('button', { name: '録音1を再生' }).click();
    const player = yamada.getByLabel('録音の再生');
    await player.waitFor();
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1.5);
    const [download] = await Promise.all([
      yamada.waitForEvent('download'),
      recordings.getByRole('button', { name: '録音1をダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.wav$/);
    await yamada.screenshot({ path: e2e.artifact('recording-history.png') });
  });
});
