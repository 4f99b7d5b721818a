import { StopOutlined } from '@ant-design/icons';
import { App, Button, Flex, Switch, Tooltip, Typography } from 'antd';
import { useUserInfo } from '../session/session-store';
import { jaDoNotDisturb as t } from './do-not-disturb.ja';
import { useDoNotDisturbQuery, useSetDoNotDisturb } from './do-not-disturb-queries';

/** One's own do-not-disturb: whether it is on (as the tenant's list says), and switching it. */
function useOwnDoNotDisturb() {
  const { user } = useUserInfo();
  const { message } = App.useApp();
  const list = useDoNotDisturbQuery(user.domainUuid).data ?? [];
  const set = useSetDoNotDisturb(user.domainUuid);
  return {
    on: user.extension !== null && list.includes(user.extension),
    pending: set.isPending,
    turn: (on: boolean) =>
      // The button's own look says it took; a toast would sit over the header's buttons.
      set.mutate(on, { onError: (error) => void message.error(error.message) }),
  };
}

/** The header's do-not-disturb button (pressed while on); only for a user with an extension. */
export function DoNotDisturbButton() {
  const { on, pending, turn } = useOwnDoNotDisturb();
  return (
    <Tooltip title={t.hint} placement="bottom">
      <Button
        size="small"
        danger={on}
        type={on ? 'primary' : 'default'}
        icon={<StopOutlined />}
        aria-pressed={on}
        aria-label={t.label}
        loading={pending}
        onClick={() => turn(!on)}
      >
        {on ? t.on : t.label}
      </Button>
    </Tooltip>
  );
}

/** The settings tab's do-not-disturb switch with what it does. */
export function DoNotDisturbSwitch() {
  const { on, pending, turn } = useOwnDoNotDisturb();
  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap={8}>
        <Switch aria-label={t.label} checked={on} loading={pending} onChange={turn} />
        <Typography.Text type={on ? 'danger' : undefined}>{on ? t.on : t.label}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.hint}
      </Typography.Text>
    </Flex>
  );
}
