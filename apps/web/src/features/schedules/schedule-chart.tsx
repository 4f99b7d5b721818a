import { chart, SLOT_MINUTES, SLOTS_PER_DAY } from '@tsunagu/contract/schedule/chart';
import { ACTION_TYPE_LABELS } from '@tsunagu/contract/schedule/format';
import type { Dialplan } from '@tsunagu/contract/schedule/schema';
import { memo, useMemo } from 'react';
import { actionColor, HOLIDAY_COLOR } from './action-colors';
import { useElementSize } from '../../shared/ui/use-element-size';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa;
const LABEL_WIDTH = 100;
const AXIS_HEIGHT = 18;
const ROW_HEIGHT = 22;
const ROW_GAP = 6;
/** Hour ticks every three hours. */
const TICK_HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

/** 'HH:mm' at the start of a slot (144 reads '24:00'). */
function slotTime(slot: number): string {
  const minutes = slot * SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The first and last hour labels sit inside the plot, so that neither is cut off. */
function tickAnchor(hour: number): 'start' | 'middle' | 'end' {
  return hour === 0 ? 'start' : hour === 24 ? 'end' : 'middle';
}

export interface ScheduleChartProps {
  schedule: Dialplan;
  /** The first day, 'YYYY-MM-DD'. */
  startDate: string;
  /** The tenant's IANA time zone, in which the slots are evaluated. */
  timeZone: string;
}

/**
 * The 7-day chart (spec 2.9): one bar per day, 144 ten-minute slots coloured by the action that applies,
 * as the contract's chart() evaluates it. It is drawn to its container's width and redrawn whenever
 * that changes (window or split-pane resize).
 */
export function ScheduleChart({ schedule, startDate, timeZone }: ScheduleChartProps) {
  const [ref, width] = useElementSize<HTMLDivElement>('width');
  const days = useMemo(() => chart(schedule, startDate, timeZone), [schedule, startDate, timeZone]);
  const slotWidth = Math.max(width - LABEL_WIDTH, 0) / SLOTS_PER_DAY;
  const height = AXIS_HEIGHT + days.length * (ROW_HEIGHT + ROW_GAP);

  return (
    <div ref={ref} style={{ width: '100%', minWidth: 0 }}>
      {width > 0 && (
        <svg role="img" aria-label={t.chartLabel} width={width} height={height} style={{ display: 'block' }}>
          {TICK_HOURS.map((hour) => {
            const x = LABEL_WIDTH + (hour * 60 * slotWidth) / SLOT_MINUTES;
            return (
              <g key={hour}>
                <line x1={x} x2={x} y1={AXIS_HEIGHT - 4} y2={height} stroke="#d9d9d9" />
                <text x={x} y={AXIS_HEIGHT - 6} fontSize={10} textAnchor={tickAnchor(hour)} fill="#595959">
                  {t.hour(hour)}
                </text>
              </g>
            );
          })}
          {days.map((day, row) => (
            <ChartRow
              key={day.date}
              label={day.label}
              date={day.date}
              holiday={day.holiday}
              slots={day.slots}
              y={AXIS_HEIGHT + row * (ROW_HEIGHT + ROW_GAP)}
              slotWidth={slotWidth}
            />
          ))}
        </svg>
      )}
    </div>
  );
}

interface ChartRowProps {
  label: string;
  date: string;
  /** The public holiday's or closed day's name, marked 祝 after the label. */
  holiday: string | null;
  slots: ReturnType<typeof chart>[number]['slots'];
  y: number;
  slotWidth: number;
}

/** One day's bar; memoised, since a resize redraws seven of them with 144 slots each. */
const ChartRow = memo(function ChartRow({ label, date, holiday, slots, y, slotWidth }: ChartRowProps) {
  const fullLabel = holiday ? `${label} ${holiday}` : label;
  return (
    <g data-date={date} data-holiday={holiday ?? undefined} aria-label={fullLabel}>
      <text x={0} y={y + ROW_HEIGHT / 2 + 4} fontSize={12} fill={holiday ? HOLIDAY_COLOR : '#262626'}>
        {holiday && <title>{holiday}</title>}
        {label}
        {holiday && <tspan fontWeight={600}>{` ${t.holidayMark}`}</tspan>}
      </text>
      {slots.map((type, slot) => (
        <rect
          key={slot}
          data-slot={slot}
          x={LABEL_WIDTH + slot * slotWidth}
          y={y}
          // A hair wider than the slot, so that no background shows between neighbours.
          width={slotWidth + 0.5}
          height={ROW_HEIGHT}
          fill={actionColor(type)}
          shapeRendering="crispEdges"
        >
          <title>
            {`${fullLabel} ${slotTime(slot)}〜${slotTime(slot + 1)} ${type === null ? t.noCondition : ACTION_TYPE_LABELS[type]}`}
          </title>
        </rect>
      ))}
    </g>
  );
});
