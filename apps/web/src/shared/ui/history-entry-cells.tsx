import { ANONYMOUS } from '@tsunagu/contract/cdr';
import { Button, Flex, Typography } from 'antd';
import { dayjs } from '../dayjs';
import type { ReactNode } from 'react';
import { ja } from '../i18n/ja';

/** Call-history time: MM/dd HH:mm (spec 9 "Formats"). */
function historyTime(startStamp: string): string {
  return dayjs(startStamp).format('MM/DD HH:mm');
}

/**
 * The two cells a call-history row shares (panel tab and softphone): the other party's name (children)
 * over the number, a link that dials it (or the anonymous label when the number is withheld), then the
 * call's start time.
 */
export function HistoryEntryCells({
  number,
  anonymousLabel,
  onDial,
  disabled,
  startStamp,
  children,
  extra,
}: {
  /** The number to call back; ANONYMOUS when it is withheld. */
  number: string;
  anonymousLabel: string;
  onDial: (number: string) => void;
  disabled?: boolean;
  /** The call's start, as the API gives it. */
  startStamp: string;
  children: ReactNode;
  /** Shown under the number (the call's recordings). */
  extra?: ReactNode;
}) {
  return (
    <>
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        {children}
        {number === ANONYMOUS ? (
          <Typography.Text type="secondary">{anonymousLabel}</Typography.Text>
        ) : (
          <Button
            type="link"
            disabled={disabled}
            onClick={() => onDial(number)}
            title={ja.panel.callHint(number)}
            style={{ alignSelf: 'flex-start', padding: 0, height: 'auto' }}
          >
            {number}
          </Button>
        )}
        {extra}
      </Flex>
      <time dateTime={startStamp} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {historyTime(startStamp)}
      </time>
    </>
  );
}
