/**
 * Issue 14: desk phones in presence. On the sandbox, 田中 一郎 (1003) takes calls on a simulated desk
 * phone, which is registered: the presence tab marks it 電話機 ○; softphone users get no mark.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, signIn } from './support/auth-steps';
import { callApiAs } from './support/call-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();

describe('staff see which colleagues have a desk phone in presence', () => {
  it("shows 田中 一郎's registered desk phone as 電話機 ○, and none for softphone users", async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.yamada);
    await page.getByRole('tab', { name: 'プレゼンス' }).click();
    const tanaka = page.getByRole('listitem', { name: '田中 一郎' }).first();
    await tanaka.getByText('電話機 ○').waitFor();
    const suzuki = page.getByRole('listitem', { name: '鈴木 花子' }).first();
    await suzuki.waitFor();
    expect(await suzuki.getByText(/電話機/).count()).toBe(0);
    // The API the tab reads says the same.
    const domainUuid = await page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('user_info') ?? '{}') as { user: { domainUuid: string } }).user
          .domainUuid,
    );
    const phones = await callApiAs<{ extension: string; registered: boolean }[]>(
      page,
      'GET',
      `/api/v1/user/deskPhones/${domainUuid}`,
    );
    expect(phones).toContainEqual({ extension: '1003', registered: true });
    expect(phones.map((p) => p.extension)).not.toContain('1001');
  });
});
