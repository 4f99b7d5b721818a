import { LogoutOutlined } from '@ant-design/icons';
import { isExternalNumber, monitorDialString, pickupDialString } from '@tsunagu/contract/pbx/dial';
import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { jaDoNotDisturb } from '../../shared/do-not-disturb/do-not-disturb.ja';
import { StatusTag } from '../../shared/user-status/status-tag';
import { ja } from '../../shared/i18n/ja';
import type { MemberView } from './presence-model';
import { presenceJa } from './presence.ja';

const t = presenceJa;

export interface MemberActions {
  dial: (number: string) => void;
  dialBlocked: boolean;
  /** Present for tenant administrators only. */
  forceLogout?: (userUuid: string) => void;
}

/** The badge of a call in progress: opens the customer of an outside number. */
function OnCallBadge({ number }: { number: string | null }) {
  const tag = (
    <Tag color="red" style={{ marginInlineEnd: 0 }}>
      {t.onCall}
    </Tag>
  );
  if (!number || !isExternalNumber(number)) {
    return number ? <Tooltip title={t.onCallHint(number)}>{tag}</Tooltip> : tag;
  }
  return (
    <Tooltip title={t.onCallHint(number)}>
      <Link to={paths.cust.record.href(number)} aria-label={`${t.onCall} ${number}`}>
        {tag}
      </Link>
    </Tooltip>
  );
}

/** A colleague: name (red while on a call), IN / On call / Monitor badges and their extension to call. */
export function MemberRow({ view, actions }: { view: MemberView; actions: MemberActions }) {
  const {
    member,
    self,
    loggedIn,
    highlighted,
    busy,
    callNumber,
    ringing,
    deskPhone,
    softphone,
    status,
    doNotDisturb,
  } = view;
  const { dial, dialBlocked, forceLogout } = actions;
  const extension = member.extension;
  return (
    <Flex
      role="listitem"
      aria-label={member.userNm}
      data-highlighted={highlighted || undefined}
      align="center"
      gap={4}
      wrap
      style={{
        padding: '4px 8px',
        borderRadius: 4,
        // No fading of the other rows: faded text and buttons fall below 4.5:1 contrast.
        background: highlighted ? '#e6f4ff' : undefined,
      }}
    >
      <Typography.Text strong={self} type={busy ? 'danger' : undefined} style={{ marginInlineEnd: 4 }}>
        {member.userNm}
        {self && t.you}
      </Typography.Text>
      {loggedIn && (
        <Tooltip title={t.loggedInHint}>
          <Tag color="green" style={{ marginInlineEnd: 0 }}>
            {t.loggedIn}
          </Tag>
        </Tooltip>
      )}
      {loggedIn && !busy && <StatusTag status={status} />}
      {doNotDisturb && (
        <Tooltip title={jaDoNotDisturb.presenceHint}>
          <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
            {jaDoNotDisturb.label}
          </Tag>
        </Tooltip>
      )}
      {deskPhone && (
        <Tooltip title={deskPhone === 'ready' ? t.deskPhoneReadyHint : t.deskPhoneOfflineHint}>
          <Tag color={deskPhone === 'ready' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
            {deskPhone === 'ready' ? t.deskPhoneReady : t.deskPhoneOffline}
          </Tag>
        </Tooltip>
      )}
      {softphone && (
        <Tooltip title={softphone === 'ready' ? t.softphoneReadyHint : t.softphoneOfflineHint}>
          <Tag color={softphone === 'ready' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
            {softphone === 'ready' ? t.softphoneReady : t.softphoneOffline}
          </Tag>
        </Tooltip>
      )}
      {busy && <OnCallBadge number={callNumber} />}
      {extension && !self && ringing && (
        <Tooltip title={t.pickUpHint(extension)}>
          <Button
            size="small"
            type="primary"
            disabled={dialBlocked}
            onClick={() => dial(pickupDialString(extension))}
            style={{ height: 22, paddingInline: 6 }}
          >
            {t.pickUp}
          </Button>
        </Tooltip>
      )}
      {extension && !self && (
        <Tooltip title={t.monitorHint(extension)}>
          <Button
            size="small"
            color="primary"
            variant="filled"
            disabled={dialBlocked}
            onClick={() => dial(monitorDialString(extension))}
            style={{ height: 22, paddingInline: 6 }}
          >
            {t.monitor}
          </Button>
        </Tooltip>
      )}
      <Flex align="center" gap={2} style={{ marginInlineStart: 'auto' }}>
        {extension &&
          (self ? (
            <Typography.Text type="secondary">{extension}</Typography.Text>
          ) : (
            <Button
              type="link"
              size="small"
              disabled={dialBlocked}
              title={ja.panel.callHint(extension)}
              onClick={() => dial(extension)}
              style={{ paddingInline: 2 }}
            >
              {extension}
            </Button>
          ))}
        {forceLogout && loggedIn && !self && (
          <Popconfirm
            title={t.forceLogoutConfirm(member.userNm)}
            okText={ja.panel.yes}
            cancelText={ja.panel.no}
            onConfirm={() => forceLogout(member.userUuid)}
          >
            {/* A title, not a tooltip: a tooltip would stay open over the confirmation's buttons. */}
            <Button
              type="text"
              size="small"
              danger
              icon={<LogoutOutlined />}
              title={t.forceLogout}
              aria-label={`${t.forceLogout} ${member.userNm}`}
            />
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}
