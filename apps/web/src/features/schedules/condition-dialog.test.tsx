import { nameHint, orderHint, scheduleMessages as m } from '@tsunagu/contract/schedule/messages';
import { newCondition, timeConditionSchema, type TimeCondition } from '@tsunagu/contract/schedule/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../../test/render-panel';
import type { ScheduleChoices } from './action-inputs';
import { ConditionDialog } from './condition-dialog';

const choices: ScheduleChoices = {
  actionOptions: [
    { id: '5000', itemName: '5000 [代表]', group: 'IVR' },
    { id: '1001', itemName: '1001 [山田]', group: '内線' },
  ],
  recordings: [{ value: 'closed.wav', label: '時間外案内' }],
};

/** The schedule's weekday hours at priority 800. */
const weekdayHours = timeConditionSchema.parse({
  timeConditionName: '平日',
  timeConditionType: 'wtime',
  timeConditionOrder: 800,
  timeConditionTimeOfDay: '09:00-18:00',
  timeCondition2: 'true',
});

function renderDialog(condition: TimeCondition, others: TimeCondition[] = [weekdayHours]) {
  const onSave = vi.fn<(condition: TimeCondition) => void>();
  renderPanel(
    <ConditionDialog
      condition={condition}
      others={others}
      choices={choices}
      today="2025-06-01"
      onSave={onSave}
      onClose={() => undefined}
    />,
  );
  const dialog = screen.getByRole('dialog');
  const user = userEvent.setup({ delay: null });
  const save = () => user.click(within(dialog).getByRole('button', { name: '保存' }));
  /** The text of the alert that Save raised ('' when none). */
  const alertText = () =>
    waitFor(() => {
      const alert = document.querySelector('.ant-modal-confirm-content');
      if (!alert) throw new Error('no alert');
      return alert.textContent ?? '';
    });
  const help = (label: string) =>
    within(dialog).getByLabelText(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')
      ?.textContent ?? '';
  return { dialog, user, onSave, save, alertText, help };
}

describe('condition dialog', () => {
  it(
    'keeps 切断 among the actions after another one was chosen, so it can be chosen again',
    { timeout: 60_000 },
    async () => {
      const { dialog, user } = renderDialog(newCondition('wtime', [weekdayHours]));
      const select = within(dialog).getByLabelText('動作選択');
      const option = (title: string) =>
        waitFor(() => {
          const found = document.querySelector(`.ant-select-item-option[title="${title}"]`);
          if (!found) throw new Error(`no option ${title}`);
          return found as HTMLElement;
        });
      await user.click(select);
      await user.click(await option('転送'));
      await user.click(select);
      await user.click(await option('切断'));
      await waitFor(() => expect(select.closest('.ant-select')?.textContent).toBe('切断'));
    },
  );

  it('offers a new weekday time with its title, the first free priority, seven toggles and 09:00–17:00', () => {
    const { dialog } = renderDialog(newCondition('wtime', [weekdayHours]));
    expect(within(dialog).getByText('曜日時間設定')).toBeTruthy();
    expect((within(dialog).getByLabelText('曜日時間名') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('優先順位') as HTMLInputElement).value).toBe('801');
    const toggles = within(within(dialog).getByRole('group', { name: '曜日' })).getAllByRole('button');
    expect(toggles.map((b) => b.textContent)).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(toggles.every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect((within(dialog).getByLabelText('開始') as HTMLInputElement).value).toBe('09:00');
    expect((within(dialog).getByLabelText('終了') as HTMLInputElement).value).toBe('17:00');
  });

  it('refuses a priority another condition uses, with the message and the range hint on the field', async () => {
    const { dialog, user, save, onSave, alertText, help } = renderDialog(
      newCondition('wtime', [weekdayHours]),
    );
    await user.type(within(dialog).getByLabelText('曜日時間名'), '土曜');
    await user.click(within(dialog).getByRole('button', { name: '土' }));
    const order = within(dialog).getByLabelText('優先順位');
    await user.clear(order);
    await user.type(order, '800');
    await save();
    expect(await alertText()).toContain(m.orderTaken);
    expect(help('優先順位')).toBe(orderHint('wtime'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a weekday-time priority outside 800–899 and a blank name', async () => {
    const { dialog, user, save, onSave, alertText, help } = renderDialog(
      newCondition('wtime', [weekdayHours]),
    );
    await user.click(within(dialog).getByRole('button', { name: '月' }));
    const order = within(dialog).getByLabelText('優先順位');
    await user.clear(order);
    await user.type(order, '500');
    await save();
    expect(await alertText()).toContain(m.orderWtime);
    expect(help('曜日時間名')).toBe(nameHint('wtime'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('needs at least one weekday, and highlights the toggles', async () => {
    const { dialog, user, save, onSave, alertText } = renderDialog(newCondition('wtime', [weekdayHours]));
    await user.type(within(dialog).getByLabelText('曜日時間名'), '土曜');
    await save();
    expect(await alertText()).toContain(m.weekdayTime);
    const toggles = within(dialog).getByRole('group', { name: '曜日' });
    expect(toggles.closest('.ant-form-item')?.textContent).toContain(m.weekdayTime);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for the action of an action condition', async () => {
    const action = renderDialog({ ...weekdayHours, timeConditionActionType: 'action' }, []);
    await action.save();
    expect(await action.alertText()).toContain(m.action);
    expect(action.onSave).not.toHaveBeenCalled();
  });

  it('asks for the announcement of an announced condition', async () => {
    const announce = renderDialog({ ...weekdayHours, timeConditionActionType: 'announce' }, []);
    await announce.save();
    expect(await announce.alertText()).toContain(m.announcement);
    expect(announce.help('アナウンス')).toBe(m.announcement);
  });

  it('filters the transfer number as it is typed and blocks a short one silently, highlighted', async () => {
    const { dialog, user, save, onSave, help } = renderDialog(
      { ...weekdayHours, timeConditionActionType: 'transfer' },
      [],
    );
    const transfer = within(dialog).getByLabelText('転送番号') as HTMLInputElement;
    expect(transfer.placeholder).toBe('例) 0312345678');
    await user.type(transfer, '0a3-');
    expect(transfer.value).toBe('03');
    await save();
    expect(help('転送番号')).toBe(m.transferInput);
    expect(document.querySelector('.ant-modal-confirm-content')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(transfer, '12345678');
    await save();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        timeConditionType: 'wtime',
        timeConditionOrder: 800,
        timeConditionTimeOfDay: '09:00-18:00',
        timeCondition2: 'true',
        timeConditionActionType: 'transfer',
        timeConditionTransfer: '0312345678',
      }),
    );
  });

  it('a specific date is yearly by default; unchecking 毎年 makes it a date-time with times', async () => {
    const { dialog, user, save, onSave, help } = renderDialog(newCondition('mday', []), []);
    expect(within(dialog).getByText('特定日設定')).toBeTruthy();
    const yearly = within(dialog).getByRole('checkbox', { name: '毎年' });
    expect((yearly as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('~')).toBeTruthy();
    expect(within(dialog).getAllByLabelText('開始')).toHaveLength(1);
    await user.click(yearly);
    expect(within(dialog).getAllByLabelText('開始')).toHaveLength(2);
    await user.click(yearly);
    expect(within(dialog).getAllByLabelText('開始')).toHaveLength(1);

    // Without dates, Save is blocked and both pickers are marked.
    await user.type(within(dialog).getByLabelText('特定日名'), '年末');
    await save();
    expect(help('日付')).toBe(m.date);
    expect(dialog.querySelectorAll('.ant-picker-status-error')).toHaveLength(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('opens a stored yearly closure in this year and saves it back unchanged', async () => {
    const closure = timeConditionSchema.parse({
      timeConditionUuid: '33333333-3333-4333-8333-333333333333',
      timeConditionName: '年末',
      timeConditionType: 'mday',
      timeConditionOrder: 500,
      timeConditionMon: '12',
      timeConditionMday: '29-31',
      timeConditionActionType: 'announce',
      timeConditionAnnounce: 'closed.wav',
    });
    const { dialog, save, onSave } = renderDialog(closure);
    const [start, end] = within(dialog).getAllByRole('textbox', { name: /開始|終了/ }) as HTMLInputElement[];
    expect([start?.value, end?.value]).toEqual(['2025-12-29', '2025-12-31']);
    await save();
    expect(onSave).toHaveBeenCalledWith(closure);
  });

  it('opens a stored New Year break across the year end and saves it back unchanged', async () => {
    const newYear = timeConditionSchema.parse({
      timeConditionName: '年末年始',
      timeConditionType: 'mday',
      timeConditionOrder: 500,
      timeConditionMon: '12-1',
      timeConditionMday: '29-3',
    });
    const { dialog, save, onSave } = renderDialog(newYear);
    const [start, end] = within(dialog).getAllByRole('textbox', { name: /開始|終了/ }) as HTMLInputElement[];
    expect([start?.value, end?.value]).toEqual(['2025-12-29', '2026-01-03']);
    await save();
    expect(onSave).toHaveBeenCalledWith(newYear);
  });

  it('saves a weekday night across midnight (22:00 ~ 06:00) as one rule', async () => {
    const night = timeConditionSchema.parse({
      timeConditionName: '夜間',
      timeConditionType: 'wtime',
      timeConditionOrder: 810,
      timeConditionTimeOfDay: '22:00-06:00',
      timeCondition2: 'true',
    });
    const { dialog, save, onSave } = renderDialog(night);
    const [from, to] = within(dialog).getAllByRole('textbox', { name: /開始|終了/ }) as HTMLInputElement[];
    expect([from?.value, to?.value]).toEqual(['22:00', '06:00']);
    expect(within(dialog).getByText('（翌日）')).toBeTruthy();
    await save();
    expect(document.querySelector('.ant-modal-confirm-content')).toBeNull();
    expect(onSave).toHaveBeenCalledWith(night);
  });

  it('edits a holiday rule: public holidays always, and the tenant’s own closed days', async () => {
    const holidays = timeConditionSchema.parse({
      ...newCondition('holiday', [weekdayHours]),
      timeConditionClosedDays: [{ name: '創立記念日', date: '06-15' }],
    });
    const { dialog, user, save, onSave, alertText } = renderDialog(holidays);
    expect(within(dialog).getByText('祝日・休業日設定')).toBeTruthy();
    expect(within(dialog).getByText(/国民の祝日.*自動で対象/)).toBeTruthy();
    expect((within(dialog).getByLabelText('祝日・休業日名') as HTMLInputElement).value).toBe('祝日');
    const dates = () =>
      within(dialog).getAllByRole('textbox', { name: '休業日の日付' }) as HTMLInputElement[];
    expect(dates().map((d) => d.value)).toEqual(['06-15']);

    // A closed day without a name or date blocks the save with the contract's message.
    await user.click(within(dialog).getByRole('button', { name: '休業日を追加' }));
    await save();
    expect(await alertText()).toBe(m.closedDays);
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    // Removing it, the rule saves with its one closed day.
    await user.click(within(dialog).getByRole('button', { name: '休業日を削除' }));
    await save();
    expect(onSave).toHaveBeenCalledWith(holidays);
  });

  it('turns a yearly closed day into a one-off one in this year, and an empty one into today', async () => {
    const holidays = timeConditionSchema.parse({
      ...newCondition('holiday', [weekdayHours]),
      timeConditionClosedDays: [{ name: '創立記念日', date: '06-15' }],
    });
    const { dialog, user, save, onSave } = renderDialog(holidays);
    await user.click(within(dialog).getByRole('checkbox', { name: '毎年' }));
    const date = () =>
      (within(dialog).getAllByRole('textbox', { name: '休業日の日付' }) as HTMLInputElement[]).map(
        (d) => d.value,
      );
    expect(date()).toEqual(['2025-06-15']);
    await user.click(within(dialog).getByRole('button', { name: '休業日を追加' }));
    await user.type(within(dialog).getAllByRole('textbox', { name: '休業日名' })[1] as HTMLElement, '棚卸し');
    await user.click(within(dialog).getAllByRole('checkbox', { name: '毎年' })[1] as HTMLElement);
    expect(date()).toEqual(['2025-06-15', '2025-06-01']);
    await save();
    expect(onSave).toHaveBeenCalledWith({
      ...holidays,
      timeConditionClosedDays: [
        { name: '創立記念日', date: '2025-06-15' },
        { name: '棚卸し', date: '2025-06-01' },
      ],
    });
  });
});
