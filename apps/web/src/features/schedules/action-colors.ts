import type { ActionType } from '@tsunagu/contract/schedule/schema';

/** One colour per action type, shared by the legend, the list's badges and the chart. */
export const ACTION_COLORS: Record<ActionType, string> = {
  action: '#1677ff',
  announce: '#fa8c16',
  transfer: '#52c41a',
  vmail: '#722ed1',
  hangup: '#8c8c8c',
};

/** A chart slot no condition covers (a schedule without its default). */
export const NO_ACTION_COLOR = '#f0f0f0';

/** The colour of a slot or badge. */
export function actionColor(type: ActionType | null): string {
  return type === null ? NO_ACTION_COLOR : ACTION_COLORS[type];
}

/** The chart's holiday mark (the console's accessible red: 4.5:1 on white). */
export const HOLIDAY_COLOR = '#cf1322';
