import { scheduleMessages as m } from '@tsunagu/contract/schedule/messages';
import { newSchedule, timeConditionSchema, type Dialplan } from '@tsunagu/contract/schedule/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi, type RecordedRequest } from '../../test/mock-api';
import { renderPanel } from '../../test/render-panel';
import { SchedulesPage } from './schedules-page';

const info = userInfoFixture({ userClass: 'CP' });
const domainUuid = info.user.domainUuid;
const dialplanUuid = '44444444-4444-4444-8444-444444444444';

/** '通常営業': hang up by default, Mon–Fri 09:00–18:00 to the IVR. */
const regular: Dialplan = (() => {
  const base = newSchedule('通常営業', info.domain);
  return {
    ...base,
    dialplanUuid,
    dialplanNumber: '2000',
    timeconditions: [
      timeConditionSchema.parse({
        timeConditionUuid: '55555555-5555-4555-8555-555555555555',
        timeConditionName: '平日営業',
        timeConditionType: 'wtime',
        timeConditionOrder: 800,
        timeConditionTimeOfDay: '09:00-18:00',
        timeCondition2: 'true',
        timeCondition3: 'true',
        timeCondition4: 'true',
        timeCondition5: 'true',
        timeCondition6: 'true',
        timeConditionActionType: 'action',
        timeConditionAction: '5000',
      }),
      ...base.timeconditions.map((c) => ({
        ...c,
        timeConditionUuid: '66666666-6666-4666-8666-666666666666',
      })),
    ],
  };
})();

function api(handlers: Record<string, (request: RecordedRequest) => Response> = {}) {
  return mockApi({
    [`GET /api/v1/timeCondition/${domainUuid}`]: () => envelope(200, '', { list: [regular] }),
    [`GET /api/v1/common/initData/${domainUuid}`]: () =>
      envelope(200, '', {
        extensions: [],
        ringGroups: [],
        ivrMenus: [{ ivrMenuExtension: '5000', ivrMenuName: '代表' }],
      }),
    [`GET /api/v1/recording/${domainUuid}`]: () => envelope(200, '', { list: [] }),
    ...handlers,
  });
}

/** Shows the screen (without the shell around it) and chooses '通常営業'. */
async function openRegular() {
  startSession('tok', info);
  renderPanel(<SchedulesPage />);
  const user = userEvent.setup({ delay: null });
  const select = await screen.findByLabelText('営業時間選択');
  expect(screen.getByText('営業時間削除').closest('button')?.disabled).toBe(true);
  await user.click(select);
  await user.click(await screen.findByTitle('通常営業'));
  await screen.findByText('通常営業', { selector: 'h4' });
  return user;
}

/** The section of the screen with that accessible name. */
const section = (name: string) => document.querySelector(`section[aria-label="${name}"]`) as HTMLElement;

describe('business hours screen', () => {
  it('shows the chosen schedule: its conditions by priority, the default as デフォルト, beside the default pane', async () => {
    api();
    await openRegular();
    const rows = [...section('特定日・曜日時間リスト').querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^800平日営業月〜金 09:00〜18:00アクション修正削除$/),
      expect.stringMatching(/^デフォルトほかの条件に当たらないすべての時間切断$/),
    ]);
    expect(screen.getByLabelText('表示開始日')).toBeTruthy();
    expect(section('デフォルト設定').textContent).toContain('デフォルト動作');
  });

  it('checks the default pane in the spec order before saving: the absence announcement first', async () => {
    const requests = api();
    const user = await openRegular();
    await user.click(within(section('デフォルト設定')).getByText('保存'));
    expect(await screen.findByText(m.absenceAnnouncement)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('deletes a condition by saving the whole schedule without it', async () => {
    const saved: Dialplan[] = [];
    api({
      'POST /api/v1/timeCondition/save/': (request) => {
        saved.push(request.body as Dialplan);
        return envelope(200, '', { dialplanUuid, list: [request.body] });
      },
    });
    const user = await openRegular();
    await user.click(within(section('特定日・曜日時間リスト')).getByText('削除'));
    await user.click(await screen.findByText('はい'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.dialplanUuid).toBe(dialplanUuid);
    expect(saved[0]?.timeconditions.map((c) => c.timeConditionName)).toEqual(['anti']);
  });

  it("shows the server's reason when a schedule in use cannot be deleted", async () => {
    const refusal = 'この営業時間は着信番号 0312345678 で使用中のため削除できません。';
    api({ [`DELETE /api/v1/timeCondition/${dialplanUuid}`]: () => envelope(409, refusal) });
    const user = await openRegular();
    await user.click(screen.getByText('営業時間削除'));
    await user.click(await screen.findByText('はい'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('通常営業', { selector: 'h4' })).toBeTruthy();
  });

  it('keeps the condition table on one line per text at 1280 px: fixed columns, the summary under the name', async () => {
    api();
    await openRegular();
    const table = section('特定日・曜日時間リスト').querySelector('table') as HTMLTableElement;
    expect(table.style.tableLayout).toBe('fixed');
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['優先順位', '名前・日時', '動作', '操作']);
    const summary = within(table).getByText('月〜金 09:00〜18:00');
    expect(summary.style.whiteSpace).toBe('nowrap');
    expect(summary.style.textOverflow).toBe('ellipsis');
  });

  it('asks 「この番号に今かけたら?」 and shows the rule with its priority and what the call does', async () => {
    const answer = {
      at: '2026-11-23T01:00:00.000Z',
      timeZone: 'Asia/Tokyo',
      dialplanName: '通常営業',
      rule: { name: '祝日', type: 'holiday', order: 505, actionType: 'announce', holiday: '勤労感謝の日' },
      steps: [{ kind: 'announce', file: 'closed.wav' }],
    };
    api({
      [`GET /api/v1/timeCondition/tryCall/${domainUuid}`]: () => envelope(200, '', answer),
      [`GET /api/v1/destination/${domainUuid}`]: () =>
        envelope(200, '', { list: [{ destinationNumber: '0312345678' }], tcDialplanList: [] }),
    });
    const user = await openRegular();
    await user.click(screen.getByRole('button', { name: '確認' }));
    const result = await screen.findByRole('list', { name: '外線着信の動き' });
    expect(result.textContent).toBe('アナウンス「closed.wav」を再生して切断');
    const shown = result.closest('section') as HTMLElement;
    expect(shown.textContent).toContain('祝日');
    expect(shown.textContent).toContain('優先順位 505');
    expect(shown.textContent).toContain('祝日・休業日: 勤労感謝の日');
    // The question names this schedule and a local date and time (now, in the tenant zone).
    const asked = new URL(
      String(vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('tryCall'))?.[0]),
      window.location.origin,
    );
    expect(asked.searchParams.get('dialplanUuid')).toBe(dialplanUuid);
    expect(asked.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asked.searchParams.get('time')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});
