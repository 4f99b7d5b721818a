import type { ActionOptionItem } from '@tsunagu/contract/pbx/routing-choices';
import { groupOptions } from '@tsunagu/contract/pbx/shared';
import { Select } from 'antd';
import { useMemo } from 'react';
import { ja } from '../../shared/i18n/ja';
import { labelOrDeleted } from '../../shared/ui/deleted-target';

/** What the action fields choose from: call targets (initData) and recordings, fetched once by the page. */
export interface ScheduleChoices {
  actionOptions: readonly ActionOptionItem[];
  recordings: readonly { value: string; label: string }[];
}

interface SelectProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}

/** The Action select, grouped IVR / グループ設定 / 内線 (spec 3 "Action option item"). */
export function ActionTargetSelect({
  options,
  id,
  value,
  onChange,
  invalid,
}: SelectProps & { options: readonly ActionOptionItem[] }) {
  const groups = useMemo(
    () =>
      groupOptions(options).map((group) => ({
        label: group.label,
        title: group.label,
        options: group.options.map((item) => ({ value: item.id, label: item.itemName })),
      })),
    [options],
  );
  const known = useMemo(() => new Set(options.map((item) => item.id)), [options]);
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={onChange}
      options={groups}
      labelRender={labelOrDeleted(known)}
      showSearch={{ optionFilterProp: 'label' }}
      status={invalid ? 'error' : undefined}
      placeholder={ja.pbx.dialog.selectPlaceholder}
      style={{ width: '100%' }}
    />
  );
}

/** A select of the tenant's recordings by filename; `allowClear` for the optional absence announcement. */
export function RecordingSelect({
  options,
  id,
  value,
  onChange,
  invalid,
  allowClear,
}: SelectProps & { options: ScheduleChoices['recordings']; allowClear?: boolean }) {
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(next?: string) => onChange(next ?? '')}
      options={[...options]}
      allowClear={allowClear}
      status={invalid ? 'error' : undefined}
      placeholder={ja.pbx.dialog.selectPlaceholder}
      style={{ width: '100%' }}
    />
  );
}
