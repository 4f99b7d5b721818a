import { SwapOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { ja } from '../../shared/i18n/ja';
import { useTenantDirectory } from '../../shared/session/tenant-directory';
import { NumberInput } from '../../shared/ui/number-input';

const t = ja.softphone;

/** Spec 9 "Lists and paging": the transfer extension list shows 10 rows. */
const LIST_ROWS = 10;

/**
 * 'Blind' transfer: a free number (Enter transfers) or one of the tenant's extensions, shown as
 * 'ext - name' in a list 10 rows high (click one, then Enter). The same picker starts an attended
 * transfer (相談転送: `label`, `hint` and `icon` say which).
 */
export function TransferPopover({
  enabled,
  onTransfer,
  label = t.blind,
  hint = t.transferHint,
  icon = <SwapOutlined />,
}: {
  enabled: boolean;
  onTransfer: (number: string) => Promise<boolean>;
  label?: string;
  hint?: string;
  icon?: ReactNode;
}) {
  const extensions = useTenantDirectory()?.extensions ?? [];
  const [open, setOpen] = useState(false);
  const [number, setNumber] = useState('');
  const [picked, setPicked] = useState('');
  const ids = { number: useId(), list: useId() };

  const transfer = async (target: string) => {
    if (!target.trim()) return;
    if (!(await onTransfer(target))) return;
    setOpen(false);
    setNumber('');
    setPicked('');
  };

  const content = (
    <Flex vertical gap={4} style={{ width: 250 }}>
      <label htmlFor={ids.number}>{t.transferNumber}</label>
      <NumberInput
        id={ids.number}
        autoFocus
        value={number}
        onChange={setNumber}
        onPressEnter={() => void transfer(number)}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
      <label htmlFor={ids.list} style={{ marginTop: 6 }}>
        {t.transferList}
      </label>
      <select
        id={ids.list}
        size={LIST_ROWS}
        value={picked}
        onChange={(event) => setPicked(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void transfer(picked);
        }}
        style={{ width: '100%', border: '1px solid #d9d9d9', borderRadius: 6, padding: 2 }}
      >
        {extensions.map((e) => (
          <option key={e.extensionUuid} value={e.extension}>
            {`${e.extension} - ${e.effectiveCallerIdName}`}
          </option>
        ))}
      </select>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.transferListHint}
      </Typography.Text>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="left"
      title={label}
      content={content}
      open={open && enabled}
      onOpenChange={(next) => setOpen(next && enabled)}
    >
      <Button icon={icon} disabled={!enabled} block>
        {label}
      </Button>
    </Popover>
  );
}
