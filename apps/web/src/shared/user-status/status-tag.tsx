import { USER_STATUS_HINTS, USER_STATUS_LABELS, type UserStatus } from '@tsunagu/contract/user-status';
import { Tag, Tooltip } from 'antd';

/** Each status's colour (antd preset colours, legible at 4.5:1 on their tints). */
export const STATUS_COLORS: Record<UserStatus, string> = {
  available: 'green',
  away: 'orange',
  break: 'gold',
  meeting: 'purple',
  wrapUp: 'cyan',
  onCall: 'red',
  signedOut: 'default',
};

/** A status as a tag, its definition in the tooltip. */
export function StatusTag({ status }: { status: UserStatus }) {
  return (
    <Tooltip title={USER_STATUS_HINTS[status]}>
      <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }} data-status={status}>
        {USER_STATUS_LABELS[status]}
      </Tag>
    </Tooltip>
  );
}
