import { ACTION_TYPE_LABELS, DEFAULT_ACTION_TYPES } from '@tsunagu/contract/schedule/format';
import type { ActionType } from '@tsunagu/contract/schedule/schema';
import { Badge, Flex } from 'antd';
import { ACTION_COLORS, HOLIDAY_COLOR } from './action-colors';
import { schedulesJa } from './schedules.ja';

/**
 * A condition's action as a coloured badge (the list's action column): the chart's colour as a dot
 * beside dark text, since white text on those colours falls below 4.5:1 (アナウンス 2.4:1).
 */
export function ActionTag({ type }: { type: ActionType }) {
  return <Badge color={ACTION_COLORS[type]} text={ACTION_TYPE_LABELS[type]} />;
}

/** The chart's legend: a coloured badge per action type, in the spec's order, then the holiday mark. */
export function ActionLegend() {
  return (
    <Flex gap={12} wrap role="list" aria-label={schedulesJa.legend}>
      {DEFAULT_ACTION_TYPES.map((type) => (
        <span role="listitem" key={type}>
          <Badge color={ACTION_COLORS[type]} text={ACTION_TYPE_LABELS[type]} />
        </span>
      ))}
      <span role="listitem">
        <span style={{ color: HOLIDAY_COLOR, fontWeight: 600 }}>{schedulesJa.holidayMark}</span>{' '}
        {schedulesJa.holidayLegend}
      </span>
    </Flex>
  );
}
