import { DownOutlined } from '@ant-design/icons';
import {
  CHOSEN_USER_STATUSES,
  USER_STATUS_LABELS,
  type ChosenUserStatus,
} from '@tsunagu/contract/user-status';
import { App, Badge, Button, Dropdown, Tooltip } from 'antd';
import { useUserInfo } from '../session/session-store';
import { STATUS_COLORS } from './status-tag';
import { jaUserStatus as t } from './user-status.ja';
import { useChooseStatus, useUserStatuses } from './user-status-queries';

/** The header's status: what colleagues see, and the menu to change it. */
export function StatusPicker() {
  const { user, domain } = useUserInfo();
  const { message } = App.useApp();
  const statuses = useUserStatuses(domain.domainUuid);
  const choose = useChooseStatus(domain.domainUuid);
  const stored = statuses.get(user.userUuid);
  const current = !stored || stored === 'signedOut' ? 'available' : stored;

  const onChoose = (status: ChosenUserStatus) =>
    choose.mutate(status, {
      onSuccess: (entry) => {
        const label = USER_STATUS_LABELS[status];
        void message.success(entry.status === 'onCall' ? t.duringCall(label) : t.changed(label));
      },
      onError: (error) => void message.error(error.message),
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: CHOSEN_USER_STATUSES.map((status) => ({
          key: status,
          label: <Badge color={STATUS_COLORS[status]} text={USER_STATUS_LABELS[status]} />,
        })),
        onClick: ({ key }) => onChoose(key as ChosenUserStatus),
      }}
    >
      <Tooltip title={t.pickerHint} placement="bottom">
        <Button
          size="small"
          aria-label={`${t.picker}: ${USER_STATUS_LABELS[current]}`}
          loading={choose.isPending}
        >
          <Badge color={STATUS_COLORS[current]} text={USER_STATUS_LABELS[current]} />
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
