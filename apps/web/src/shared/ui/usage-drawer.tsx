import { usageLabel, type UsageData } from '@tsunagu/contract/pbx/usage';
import { Drawer, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ja } from '../i18n/ja';

const t = ja.pbx.usage;

export interface UsageDrawerProps {
  /** The object's name as the list shows it (its number). */
  name: string;
  load: () => Promise<UsageData>;
  onClose: () => void;
}

/** The 使用箇所 view of a list row: every ring group, IVR option, schedule… that refers to it. */
export function UsageDrawer({ name, load, onClose }: UsageDrawerProps) {
  const [state, setState] = useState<UsageData | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState(data),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [load]);

  return (
    <Drawer open title={t.title(name)} onClose={onClose} size={360}>
      {state === 'loading' && <Spin />}
      {state === 'failed' && <Typography.Text type="danger">{t.loadFailed}</Typography.Text>}
      {typeof state === 'object' &&
        (state.refs.length === 0 ? (
          <Typography.Text>{t.none}</Typography.Text>
        ) : (
          <ul aria-label={t.button} style={{ margin: 0, paddingInlineStart: 20, lineHeight: 2 }}>
            {state.refs.map((ref) => (
              <li key={`${ref.kind} ${ref.owner} ${ref.detail ?? ''}`}>{usageLabel(ref)}</li>
            ))}
          </ul>
        ))}
    </Drawer>
  );
}
