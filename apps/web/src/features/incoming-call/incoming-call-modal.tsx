import { PhoneFilled } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import type { CallerDisplay } from './caller-display';
import { incomingJa } from './incoming-call.ja';

/** One button of the modal. */
export interface ModalAction {
  label: string;
  onClick: () => void;
  type?: 'primary' | 'default';
  danger?: boolean;
}

/**
 * The incoming-call modal (spec 2.4): the number ('【number】' for the softphone) and the name; it
 * never closes on an outside click.
 */
export function IncomingCallModal({
  caller,
  actions,
  bracketed,
}: {
  caller: CallerDisplay | null;
  actions: ModalAction[];
  bracketed: boolean;
}) {
  return (
    <Modal
      open={caller !== null}
      title={
        <Flex align="center" gap={8}>
          <PhoneFilled aria-hidden style={{ color: '#389e0d' }} />
          {incomingJa.title}
        </Flex>
      }
      closable={false}
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
            {bracketed ? incomingJa.number(caller.number) : caller.number}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 16 }}>{caller.name}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
