import { Button, Flex, Tooltip, Typography } from 'antd';
import type { LineControl, SoftphoneControls } from '../../phone/controls';
import { ja } from '../../shared/i18n/ja';

const t = ja.softphone;

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

/**
 * The calls on the lines as '[L{n}] caller name (status)', each not current with its own hang-up (or
 * reject), and the line buttons L1–L4: a waiting call's answers it, a held call's switches to it (the
 * current call goes on hold); the current call's is shown pressed.
 */
export function LineButtons({
  lines,
  onSwitch,
  onHangUp,
}: {
  lines: LineControl[];
  onSwitch: (callID: string) => void;
  onHangUp: (callID: string) => void;
}) {
  const used = lines.filter((line) => line.callID !== null);
  const statusOf = (line: LineControl) => (line.status ? t.status[line.status] : '');
  return (
    <Flex vertical gap={4}>
      {used.length > 0 && (
        <ul aria-label={t.lineCalls} style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
          {used.map((line) => (
            <li key={line.callID}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text
                  type={line.status === 'ringing' ? 'danger' : undefined}
                  strong={line.current}
                  ellipsis
                >
                  {`${t.waitingItem(line.line, line.title)}（${statusOf(line)}）`}
                </Typography.Text>
                {!line.current && line.callID && (
                  <Button
                    size="small"
                    danger
                    aria-label={line.status === 'ringing' ? t.rejectLine(line.line) : t.hangUpLine(line.line)}
                    onClick={() => line.callID && onHangUp(line.callID)}
                  >
                    {line.status === 'ringing' ? ja.incoming.reject : t.hangUp}
                  </Button>
                )}
              </Flex>
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
          <Tooltip
            key={line.line}
            title={line.callID ? t.lineHint(line.line, line.title, statusOf(line)) : undefined}
          >
            <Button
              aria-label={t.line(line.line)}
              aria-pressed={line.current}
              type={line.callID ? 'primary' : 'default'}
              danger={line.status === 'ringing'}
              ghost={line.callID !== null && !line.current && line.status !== 'ringing'}
              disabled={!line.enabled && !line.current}
              onClick={() => line.enabled && line.callID && onSwitch(line.callID)}
            >
              {t.line(line.line)}
            </Button>
          </Tooltip>
        ))}
      </div>
    </Flex>
  );
}
