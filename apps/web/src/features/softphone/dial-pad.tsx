import { ClearOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { NumberInput } from '../../shared/ui/number-input';
import { softphoneJa } from './softphone.ja';

const t = softphoneJa;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

/** The number field (Enter dials; key filter of spec 5) with backspace and clear-all. */
export function NumberField({
  value,
  onChange,
  onEnter,
}: {
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
}) {
  return (
    <Flex gap={4}>
      <NumberInput
        aria-label={t.number}
        placeholder={t.numberPlaceholder}
        value={value}
        onChange={onChange}
        onPressEnter={onEnter}
        style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }}
      />
      <Button
        aria-label={t.backspace}
        title={t.backspace}
        icon={<DeleteOutlined />}
        disabled={!value}
        onClick={() => onChange(value.slice(0, -1))}
      />
      <Button
        aria-label={t.clear}
        title={t.clear}
        icon={<ClearOutlined />}
        disabled={!value}
        onClick={() => onChange('')}
      />
    </Flex>
  );
}

/** Keys 1–9, *, 0 and #. */
export function Keypad({ onKey }: { onKey: (key: string) => void }) {
  return (
    <div
      role="group"
      aria-label={t.keypad}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4 }}
    >
      {KEYS.map((key) => (
        <Button key={key} aria-label={t.key(key)} onClick={() => onKey(key)} style={{ fontSize: 16 }}>
          {key}
        </Button>
      ))}
    </div>
  );
}
