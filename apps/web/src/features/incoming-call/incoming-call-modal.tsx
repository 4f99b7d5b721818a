import { PhoneFilled } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { CallerCard, CallNoteButton } from '../../shared/customers/caller-card';
import { ja } from '../../shared/i18n/ja';
import type { CallerDisplay } from './caller-display';

/** One button of the modal. */
export interface ModalAction {
  label: string;
  onClick: () => void;
  type?: 'primary' | 'default';
  danger?: boolean;
}

/** Another call waiting on a line, answerable from the modal. */
export interface WaitingLine {
  /** 'L2' … as the softphone's line buttons name it. */
  line: string;
  /** '[L2] caller' */
  title: string;
  onAnswer: () => void;
}

/**
 * The incoming-call modal (spec 2.4): the number ('【number】' for the softphone) and the name; it
 * never closes on an outside click. Since it covers the softphone's 受話 and line buttons, the calls
 * waiting behind the first are offered in it too, each with its own answer button.
 */
export function IncomingCallModal({
  caller,
  actions,
  bracketed,
  waiting = [],
}: {
  caller: CallerDisplay | null;
  actions: ModalAction[];
  bracketed: boolean;
  waiting?: WaitingLine[];
}) {
  return (
    <Modal
      open={caller !== null}
      title={
        <Flex align="center" gap={8}>
          <PhoneFilled aria-hidden style={{ color: '#389e0d' }} />
          {ja.incoming.title}
        </Flex>
      }
      closable={false}
      // Shown at once, not zoomed in: a ringing call's 応答 must not move under the pointer.
      transitionName=""
      maskTransitionName=""
      maskClosable={false}
      keyboard={false}
      centered
      width={360}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          {actions.map((action) => (
            <Button
              key={action.label}
              type={action.type ?? 'default'}
              danger={action.danger}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          ))}
        </Flex>
      }
    >
      {caller && (
        <Flex vertical align="center" gap={4} style={{ padding: '8px 0' }}>
          <Typography.Text strong style={{ fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>
            {bracketed ? ja.incoming.number(caller.number) : caller.number}
          </Typography.Text>
          <CallerCard number={caller.customerNumber} fallback={caller.name} />
          <CallNoteButton number={caller.customerNumber} />
        </Flex>
      )}
      {waiting.length > 0 && (
        <ul
          aria-label={ja.softphone.waiting}
          style={{
            margin: '8px 0 0',
            paddingInlineStart: 0,
            listStyle: 'none',
            borderTop: '1px solid #f0f0f0',
          }}
        >
          {waiting.map((line) => (
            <li key={line.line} style={{ paddingTop: 8 }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text type="danger">{line.title}</Typography.Text>
                <Button size="small" aria-label={ja.incoming.answerLine(line.line)} onClick={line.onAnswer}>
                  {ja.incoming.answer}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
