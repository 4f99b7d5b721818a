import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { ja } from '../i18n/ja';

/** A stored destination whose target no longer exists: red 「削除済み」, never the raw dialplan string. */
export function DeletedTarget() {
  return <Typography.Text type="danger">{ja.pbx.usage.deleted}</Typography.Text>;
}

/**
 * A select's `labelRender` that shows 「削除済み」 for a stored value none of the options has. Until the
 * options are loaded (`known` empty) the label is left alone, so nothing flashes red while loading.
 */
export function labelOrDeleted(known: ReadonlySet<string>) {
  return ({ label, value }: { label?: ReactNode; value?: string | number }): ReactNode =>
    known.size === 0 || known.has(String(value)) ? label : <DeletedTarget />;
}
