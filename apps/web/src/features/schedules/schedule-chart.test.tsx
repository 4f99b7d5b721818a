import { chart } from '@tsunagu/contract/schedule/chart';
import { newSchedule, timeConditionSchema, type Dialplan } from '@tsunagu/contract/schedule/schema';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionLegend } from './action-badges';
import { ACTION_COLORS, actionColor, HOLIDAY_COLOR } from './action-colors';
import { ScheduleChart } from './schedule-chart';

/** A ResizeObserver the test drives: resize(width) reports a new width for every observed element. */
let resize: (width: number) => void;
beforeEach(() => {
  const callbacks = new Set<ResizeObserverCallback>();
  resize = (width) =>
    act(() => {
      for (const callback of callbacks) {
        callback([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver);
      }
    });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        callbacks.add(this.callback);
      }
      unobserve() {}
      disconnect() {
        callbacks.delete(this.callback);
      }
    },
  );
});

/** Hang up by default; Mon–Fri 09:00–18:00 transferred; every year 12/29–12/31 announced. */
const schedule: Dialplan = (() => {
  const base = newSchedule('本社', { domainName: 'sample.example' });
  const weekday = {
    timeCondition2: 'true',
    timeCondition3: 'true',
    timeCondition4: 'true',
    timeCondition5: 'true',
    timeCondition6: 'true',
  };
  return {
    ...base,
    timeconditions: [
      ...base.timeconditions,
      timeConditionSchema.parse({
        timeConditionName: '平日',
        timeConditionType: 'wtime',
        timeConditionOrder: 800,
        timeConditionTimeOfDay: '09:00-18:00',
        ...weekday,
        timeConditionActionType: 'transfer',
        timeConditionTransfer: '0312345678',
      }),
      timeConditionSchema.parse({
        timeConditionName: '年末',
        timeConditionType: 'mday',
        timeConditionOrder: 500,
        timeConditionMon: '12',
        timeConditionMday: '29-31',
        timeConditionActionType: 'announce',
        timeConditionAnnounce: 'closed.wav',
      }),
    ],
  };
})();

function renderChart(startDate = '2025-12-28') {
  const view = render(<ScheduleChart schedule={schedule} startDate={startDate} timeZone="Asia/Tokyo" />);
  resize(844);
  const fill = (date: string, slot: number) =>
    view.container.querySelector(`g[data-date="${date}"] rect[data-slot="${slot}"]`)?.getAttribute('fill');
  return { ...view, fill };
}

describe('schedule chart', () => {
  it('draws nothing until its container has a width, then seven labelled bars of 144 slots', () => {
    const view = render(<ScheduleChart schedule={schedule} startDate="2025-12-28" timeZone="Asia/Tokyo" />);
    expect(view.container.querySelector('svg')).toBeNull();
    resize(844);
    const rows = [...view.container.querySelectorAll('g[data-date]')];
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      '12/28 (日)',
      '12/29 (月)',
      '12/30 (火)',
      '12/31 (水)',
      '01/01 (木) 元日',
      '01/02 (金)',
      '01/03 (土)',
    ]);
    for (const row of rows) expect(row.querySelectorAll('rect')).toHaveLength(144);
  });

  it('marks public holidays 祝 in red with their name, as the legend says', () => {
    const { container } = renderChart();
    const newYear = container.querySelector('g[data-date="2026-01-01"]');
    expect(newYear?.getAttribute('data-holiday')).toBe('元日');
    const label = newYear?.querySelector('text');
    expect(label?.textContent).toBe('元日01/01 (木) 祝');
    expect(label?.getAttribute('fill')).toBe(HOLIDAY_COLOR);
    expect(container.querySelector('g[data-date="2026-01-02"]')?.hasAttribute('data-holiday')).toBe(false);
    render(<ActionLegend />);
    expect(screen.getByRole('list', { name: '凡例' }).textContent).toContain('祝 祝日・休業日');
  });

  it('colours each slot by the action that applies: the default, weekday time, then the yearly closure', () => {
    const { fill } = renderChart();
    // Sunday: the default all day.
    expect(fill('2025-12-28', 60)).toBe(ACTION_COLORS.hangup);
    // Friday 2 January: transferred from 09:00 (slot 54) to 18:00 (slot 108, excluded).
    expect(fill('2026-01-02', 53)).toBe(ACTION_COLORS.hangup);
    expect(fill('2026-01-02', 54)).toBe(ACTION_COLORS.transfer);
    expect(fill('2026-01-02', 107)).toBe(ACTION_COLORS.transfer);
    expect(fill('2026-01-02', 108)).toBe(ACTION_COLORS.hangup);
    // Monday 29 December: the yearly closure wins over the weekday hours, all day.
    expect(fill('2025-12-29', 0)).toBe(ACTION_COLORS.announce);
    expect(fill('2025-12-29', 60)).toBe(ACTION_COLORS.announce);
    expect(fill('2025-12-31', 143)).toBe(ACTION_COLORS.announce);
  });

  it("agrees slot for slot with the contract's chart()", () => {
    const { container } = renderChart('2026-03-01');
    const drawn = [...container.querySelectorAll('g[data-date]')].map((row) => ({
      date: row.getAttribute('data-date'),
      fills: [...row.querySelectorAll('rect')].map((rect) => rect.getAttribute('fill')),
    }));
    const expected = chart(schedule, '2026-03-01', 'Asia/Tokyo').map((day) => ({
      date: day.date,
      fills: day.slots.map(actionColor),
    }));
    expect(drawn).toEqual(expected);
    expect(new Set(drawn.flatMap((d) => d.fills))).toEqual(
      new Set([ACTION_COLORS.hangup, ACTION_COLORS.transfer]),
    );
  });

  it('is redrawn to the new width when its container is resized', () => {
    const { container } = renderChart();
    const lastSlot = () => container.querySelector('g[data-date="2025-12-28"] rect[data-slot="143"]');
    const right = () => Number(lastSlot()?.getAttribute('x')) + Number(lastSlot()?.getAttribute('width'));
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('844');
    expect(right()).toBeCloseTo(844.5);
    resize(444);
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('444');
    expect(right()).toBeCloseTo(444.5);
  });
});
