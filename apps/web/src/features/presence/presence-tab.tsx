import { ReloadOutlined } from '@ant-design/icons';
import type { DirectoryGroup } from '@tsunagu/contract/auth';
import { can } from '@tsunagu/contract/permissions';
import { App, Button, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useDial } from '../../shared/dial/dial';
import { useDoNotDisturbQuery } from '../../shared/do-not-disturb/do-not-disturb-queries';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import { useTenantDirectoryQuery } from '../../shared/session/tenant-directory';
import { useUserStatuses } from '../../shared/user-status/user-status-queries';
import { MemberRow, type MemberActions } from './member-row';
import { ParkSection } from './park-section';
import { deskPhoneMap, memberViews, onlineCounts, parkSlotViews } from './presence-model';
import {
  useCallState,
  useForceLogout,
  useDeskPhones,
  useLoginUsers,
  useParkTopic,
  useSoftphones,
} from './presence-queries';
import { presenceJa } from './presence.ja';

const t = presenceJa;

function GroupBlock({
  group,
  children,
  actions,
}: {
  group: DirectoryGroup;
  children: ReactNode;
  actions: MemberActions;
}) {
  return (
    <section aria-label={group.commName}>
      <Flex align="center" gap={6} style={{ padding: '6px 8px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{group.commName}</Typography.Text>
        {group.commSub1 && (
          <Button
            type="link"
            size="small"
            disabled={actions.dialBlocked}
            title={`${t.representative} ${ja.panel.callHint(group.commSub1)}`}
            onClick={() => actions.dial(group.commSub1 ?? '')}
            style={{ paddingInline: 2 }}
          >
            {group.commSub1}
          </Button>
        )}
      </Flex>
      <div role="list" aria-label={group.commName} style={{ padding: '4px 0 8px' }}>
        {children}
      </div>
    </section>
  );
}

/** Colleagues by group with login and call state, and the park slots (spec 2.4 "Presence tab"). */
export function PresenceTab() {
  const { user, domain } = useUserInfo();
  const { message } = App.useApp();
  const directory = useTenantDirectoryQuery();
  const groups = directory.data?.userGroup.commDetails;
  const loginUsers = useLoginUsers(domain.domainUuid);
  const callState = useCallState(domain.domainUuid);
  const deskPhoneList = useDeskPhones(domain.domainUuid);
  const parkTopic = useParkTopic(domain.domainName);
  const statuses = useUserStatuses(domain.domainUuid);
  const forceLogout = useForceLogout();
  const { dial, blocked } = useDial();
  const [refreshing, setRefreshing] = useState(false);

  const online = useMemo(() => onlineCounts(loginUsers.data), [loginUsers.data]);
  const channels = useMemo(() => callState.data ?? [], [callState.data]);
  const deskPhones = useMemo(() => deskPhoneMap(deskPhoneList.data), [deskPhoneList.data]);
  const softphoneList = useSoftphones(domain.domainUuid);
  const softphones = useMemo(() => new Set(softphoneList.data ?? []), [softphoneList.data]);
  const doNotDisturbList = useDoNotDisturbQuery(domain.domainUuid);
  const doNotDisturb = useMemo(() => new Set(doNotDisturbList.data ?? []), [doNotDisturbList.data]);
  const parkSlots = useMemo(() => {
    const names = new Map(
      (groups ?? []).flatMap((g) =>
        g.userList.flatMap((m) => (m.extension ? [[m.extension, m.userNm] as const] : [])),
      ),
    );
    return parkSlotViews(channels, parkTopic, (extension) => names.get(extension));
  }, [groups, channels, parkTopic]);

  const actions: MemberActions = {
    dial,
    dialBlocked: blocked,
    ...(can(user, 'user.forceLogout')
      ? {
          forceLogout: (userUuid: string) =>
            forceLogout.mutate(userUuid, {
              onSuccess: () => {
                void message.success(t.forcedOut);
                void loginUsers.refetch();
              },
            }),
        }
      : {}),
  };

  const refresh = async () => {
    setRefreshing(true);
    const results = await Promise.all([
      directory.refetch(),
      loginUsers.refetch(),
      softphoneList.refetch(),
      callState.refetch(),
      deskPhoneList.refetch(),
      doNotDisturbList.refetch(),
    ]);
    setRefreshing(false);
    // Spec 8: 'Displaying.' once the logged-in users are shown again.
    if (results[0].isError || results[1].isError) void message.error(t.loadFailed);
    else void message.success(t.displayed);
  };

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={6}>
        <Tag color="gold" style={{ marginInlineEnd: 0 }}>
          {t.beta}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12, flex: 1 }}>
          {t.betaNote}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={refreshing}>
          {ja.panel.refresh}
        </Button>
      </Flex>
      {(loginUsers.isError || directory.isError) && (
        <Typography.Text type="danger">{t.loadFailed}</Typography.Text>
      )}
      {callState.isError && <Typography.Text type="warning">{t.callStateFailed}</Typography.Text>}
      <Spin spinning={refreshing || directory.isPending} description={ja.panel.loading}>
        {!groups ? null : groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noGroups} />
        ) : (
          groups.map((group) => (
            <GroupBlock key={group.commUuid} group={group} actions={actions}>
              {group.userList.length === 0 ? (
                <Typography.Text type="secondary" style={{ paddingInline: 8 }}>
                  {t.noMembers}
                </Typography.Text>
              ) : (
                memberViews(
                  group,
                  online,
                  channels,
                  user.userUuid,
                  deskPhones,
                  softphones,
                  statuses,
                  doNotDisturb,
                ).map((view) => <MemberRow key={view.member.userUuid} view={view} actions={actions} />)
              )}
            </GroupBlock>
          ))
        )}
      </Spin>
      <ParkSection slots={parkSlots} />
    </Flex>
  );
}
