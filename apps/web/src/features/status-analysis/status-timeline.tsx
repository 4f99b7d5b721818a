import { USER_STATUS_LABELS } from '@tsunagu/contract/user-status';
import { Flex, Tooltip, Typography } from 'antd';
import { STATUS_FILL } from './status-colors';
import type { TimelineDay } from './status-analysis-model';

const HOURS = [0, 6, 12, 18, 24];

/** One row per local day, 00:00–24:00, each stretch of a status a coloured band. */
export function StatusTimeline({ days, label }: { days: TimelineDay[]; label: string }) {
  return (
    <Flex vertical gap={4} role="list" aria-label={label}>
      <Flex style={{ marginInlineStart: 140, position: 'relative', height: 16 }} aria-hidden>
        {HOURS.map((h) => (
          <Typography.Text
            key={h}
            type="secondary"
            style={{
              position: 'absolute',
              left: `${(h / 24) * 100}%`,
              transform: 'translateX(-50%)',
              fontSize: 11,
            }}
          >
            {h}時
          </Typography.Text>
        ))}
      </Flex>
      {days.map((day) => (
        <Flex key={day.date} align="center" role="listitem" aria-label={day.date}>
          <Typography.Text style={{ width: 140, flexShrink: 0 }}>{day.date}</Typography.Text>
          <div style={{ position: 'relative', flex: 1, height: 18, background: '#f5f5f5', borderRadius: 2 }}>
            {day.parts.map((part) => (
              <Tooltip
                key={part.from + part.status}
                title={`${USER_STATUS_LABELS[part.status]} ${part.from}〜${part.to}`}
              >
                <div
                  data-status={part.status}
                  style={{
                    position: 'absolute',
                    left: `${part.start * 100}%`,
                    width: `${(part.end - part.start) * 100}%`,
                    top: 0,
                    bottom: 0,
                    background: STATUS_FILL[part.status],
                  }}
                />
              </Tooltip>
            ))}
          </div>
        </Flex>
      ))}
    </Flex>
  );
}
