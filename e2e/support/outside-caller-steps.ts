import type { Page } from 'playwright-core';
import { DEMO } from './auth-steps';
import { callApiAs, signInWithPhone, signInWithSoftphone, STAFF } from './call-steps';

interface Schedule {
  dialplanName: string;
  timeconditions: Record<string, unknown>[];
  [key: string]: unknown;
}

/**
 * The demo number 0312345678 follows the schedule 通常営業: weekdays 09:00–18:00 to the IVR 5000,
 * an announcement otherwise. So that a journey passes at any hour, its weekday condition is opened
 * to every day, all day (through the API the business-hours screen saves with); the IVR's digit 1
 * then leads to ring group 300 (yamada and suzuki). `page` is signed in as the tenant's administrator.
 */
export async function openAroundTheClock(page: Page): Promise<void> {
  const domainUuid = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('user_info') ?? '{}') as { user: { domainUuid: string } }).user
        .domainUuid,
  );
  const { list } = await callApiAs<{ list: Schedule[] }>(page, 'GET', `/api/v1/timeCondition/${domainUuid}`);
  const schedule = list.find((s) => s.dialplanName === '通常営業');
  if (!schedule) throw new Error('the demo schedule 通常営業 is missing');
  const timeconditions = schedule.timeconditions.map((c) =>
    c.timeConditionType === 'wtime'
      ? {
          ...c,
          timeConditionTimeOfDay: '00:00-24:00',
          ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`timeCondition${day}`, 'true'])),
        }
      : c,
  );
  await callApiAs(page, 'POST', '/api/v1/timeCondition/save/', { ...schedule, timeconditions });
}

/** The caller page's panel (模擬発信). */
export const callerRegion = (caller: Page) => caller.getByRole('region', { name: '模擬発信' });

/** Opens the caller page from the shell and connects its line as the outside number `from`. */
export async function connectCallerLine(caller: Page, from: string): Promise<void> {
  await caller.getByRole('link', { name: /模擬発信/ }).click();
  await caller.getByRole('textbox', { name: '発信者番号（外線）' }).fill(from);
  await caller.getByRole('button', { name: '回線に接続' }).click();
  await caller.getByText(`接続中: external:${from}@`).waitFor();
}

/** The caller page dials the demo number 0312345678 (it must be connected); the IVR's greeting plays. */
export async function dialTheDemoNumber(caller: Page): Promise<void> {
  await caller.getByRole('combobox', { name: '着信番号' }).click();
  await caller.getByRole('option', { name: '0312345678 代表' }).click();
  await callerRegion(caller).getByRole('button', { name: /発信/ }).click();
  await caller.getByText(/再生中の音声: IVRの案内/).waitFor();
}

/** Presses a key of the IVR on the caller page. */
export async function pressInTheIvr(caller: Page, digit: string): Promise<void> {
  await caller
    .getByRole('group', { name: 'ダイヤルキー（IVR）' })
    .getByRole('button', { name: digit })
    .click();
}

/** Dials 0312345678 and presses 1 in the IVR: the sales group (yamada, suzuki) rings. */
export async function ringTheSalesGroup(caller: Page): Promise<void> {
  await dialTheDemoNumber(caller);
  await pressInTheIvr(caller, '1');
}

/**
 * The demo tenant's sales desk, ready for an outside call at any hour: the administrator (who will use
 * the caller page) with the demo number open around the clock, yamada and suzuki signed in with their
 * softphones connected; each in their own browser context.
 */
export async function salesDesk(
  newPage: () => Promise<Page>,
): Promise<{ admin: Page; yamada: Page; suzuki: Page }> {
  const admin = await signInWithPhone(newPage, DEMO.admin);
  await openAroundTheClock(admin);
  const yamada = await signInWithSoftphone(newPage, DEMO.yamada);
  const suzuki = await signInWithSoftphone(newPage, STAFF.suzuki);
  return { admin, yamada, suzuki };
}
