import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { layoutJa as t } from './layout.ja';

/** Moves the item at `from` to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Which fields a screen shows and in which order: every field with a check box; the shown ones first,
 * in order, moved by dragging or by the arrow buttons (the keyboard's way).
 */
export function OrderList({
  label,
  all,
  shown,
  labelOf,
  max,
  onChange,
}: {
  label: string;
  all: readonly string[];
  shown: readonly string[];
  labelOf: (key: string) => string;
  max?: number;
  onChange: (shown: string[]) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const hidden = all.filter((key) => !shown.includes(key));
  const full = max !== undefined && shown.length >= max;
  return (
    <Flex vertical gap={2} role="list" aria-label={label}>
      {shown.map((key, index) => (
        <Flex
          key={key}
          role="listitem"
          align="center"
          gap={8}
          draggable
          onDragStart={() => setDragged(index)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={() => {
            if (dragged !== null && dragged !== index) onChange(moved(shown, dragged, index));
            setDragged(null);
          }}
          style={{
            padding: '2px 4px',
            border: '1px solid #f0f0f0',
            borderRadius: 4,
            cursor: 'grab',
            background: '#fff',
          }}
        >
          <HolderOutlined aria-hidden />
          <Checkbox checked onChange={() => onChange(shown.filter((k) => k !== key))}>
            {labelOf(key)}
          </Checkbox>
          <Flex gap={2} style={{ marginLeft: 'auto' }}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t.up(labelOf(key))}
              disabled={index === 0}
              onClick={() => onChange(moved(shown, index, index - 1))}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t.down(labelOf(key))}
              disabled={index === shown.length - 1}
              onClick={() => onChange(moved(shown, index, index + 1))}
            />
          </Flex>
        </Flex>
      ))}
      {hidden.map((key) => (
        <Flex key={key} role="listitem" align="center" gap={8} style={{ padding: '2px 4px 2px 26px' }}>
          <Checkbox checked={false} disabled={full} onChange={() => onChange([...shown, key])}>
            <Typography.Text type="secondary">{labelOf(key)}</Typography.Text>
          </Checkbox>
        </Flex>
      ))}
    </Flex>
  );
}
