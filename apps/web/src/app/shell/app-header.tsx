import { PhoneFilled, QuestionCircleOutlined } from '@ant-design/icons';
import { Flex, Layout, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { PhoneTypeToggle } from '../../features/phone-type/phone-type-toggle';
import { useHealth } from '../../shared/api/get-health';
import { DoNotDisturbButton } from '../../shared/do-not-disturb/do-not-disturb-toggle';
import { ja } from '../../shared/i18n/ja';
import { paths } from '../../shared/paths';
import { StatusPicker } from '../../shared/user-status/status-picker';
import { ChatBadge, CurrentCallIndicator, RecallBadge, VoicemailBadge } from './header-activity';
import { SandboxTools } from './sandbox-tools';
import { UserMenu } from './user-menu';

/** Labels the built-in simulated exchange so nobody mistakes it for a live one. */
function SandboxTag() {
  const { data } = useHealth();
  if (data?.telephony !== 'sandbox') return null;
  return (
    <Tooltip title={ja.header.sandboxHint}>
      <Tag color="orange" style={{ marginInlineEnd: 0 }}>
        {ja.header.sandbox}
      </Tag>
    </Tooltip>
  );
}

/** HELP: the operator's site (HELP_URL, in a new tab), else the console's own /help page. */
export function HelpLink() {
  const helpUrl = useHealth().data?.helpUrl;
  const label = (
    <>
      <QuestionCircleOutlined /> {ja.header.help}
    </>
  );
  if (helpUrl) {
    return (
      <Typography.Link href={helpUrl} target="_blank" rel="noopener noreferrer">
        {label}
      </Typography.Link>
    );
  }
  return <Link to={paths.help.href()}>{label}</Link>;
}

/** The shell's top bar (spec 2.4 "Header"). */
export function AppHeader({
  userNm,
  domainDescription,
  hasExtension,
}: {
  userNm: string;
  domainDescription: string;
  /** The user has an extension: do-not-disturb applies to it. */
  hasExtension: boolean;
}) {
  return (
    <Layout.Header style={{ borderBottom: '1px solid #f0f0f0', lineHeight: 'normal' }}>
      <Flex align="center" gap={12} style={{ height: '100%' }}>
        <Link
          to={paths.dashboard.href()}
          aria-label={ja.header.home(ja.appName)}
          style={{ display: 'flex', gap: 6, flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          <PhoneFilled style={{ fontSize: 18 }} />
          <Typography.Text strong style={{ fontSize: 16, color: 'inherit' }}>
            {ja.appName}
          </Typography.Text>
        </Link>
        <SandboxTag />
        {/* When a call's controls crowd the bar, the tenant's name gives way (ellipsis), nothing wraps. */}
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280, minWidth: 0 }}>
          {domainDescription}
        </Typography.Text>
        <Flex
          align="center"
          gap={12}
          style={{ marginInlineStart: 'auto', flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          <SandboxTools />
          <StatusPicker />
          {hasExtension && <DoNotDisturbButton />}
          <CurrentCallIndicator />
          <RecallBadge />
          {hasExtension && <VoicemailBadge />}
          <ChatBadge />
          <PhoneTypeToggle />
          <HelpLink />
          <UserMenu userNm={userNm} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
