import { Button, Flex, Tooltip, Typography } from 'antd';
import type { LineControl, SoftphoneControls } from '../../phone/controls';
import { softphoneJa } from './softphone.ja';

const t = softphoneJa;

const OCCUPIED = { background: '#cf1322', borderColor: '#cf1322', color: '#fff' };
const EMPTY = { background: '#434343', borderColor: '#434343', color: '#fff' };

/** P1–P8: red when occupied, dark when empty; enabled per spec 4 "Softphone controls". */
export function ParkButtons({
  park,
  inCall,
  onPark,
}: {
  park: SoftphoneControls['park'];
  inCall: boolean;
  onPark: (slot: number) => void;
}) {
  return (
    <div
      role="group"
      aria-label={t.parks}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 4 }}
    >
      {park.map(({ slot, occupied, enabled }) => (
        <Tooltip key={slot} title={t.parkHint(slot, occupied, inCall)}>
          <Button
            aria-label={t.park(slot)}
            data-occupied={occupied}
            disabled={!enabled}
            onClick={() => onPark(slot)}
            style={{ ...(occupied ? OCCUPIED : EMPTY), opacity: enabled ? 1 : 0.55 }}
          >
            {t.park(slot)}
          </Button>
        </Tooltip>
      ))}
    </div>
  );
}

/** The waiting calls as '[L{n}] caller name', and the line buttons L1–L4 that answer them. */
export function WaitingLines({
  lines,
  onAnswer,
}: {
  lines: LineControl[];
  onAnswer: (callID: string) => void;
}) {
  const waiting = lines.filter((line) => line.callID !== null);
  return (
    <Flex vertical gap={4}>
      {waiting.length > 0 && (
        <ul aria-label={t.waiting} style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
          {waiting.map((line) => (
            <li key={line.callID}>
              <Typography.Text type="danger">{t.waitingItem(line.line, line.title)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <div
        role="group"
        aria-label={t.lines}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 4 }}
      >
        {lines.map((line) => (
          <Tooltip key={line.line} title={line.title || undefined}>
            <Button
              aria-label={t.line(line.line)}
              type={line.callID ? 'primary' : 'default'}
              disabled={!line.enabled}
              onClick={() => line.callID && onAnswer(line.callID)}
            >
              {t.line(line.line)}
            </Button>
          </Tooltip>
        ))}
      </div>
    </Flex>
  );
}
