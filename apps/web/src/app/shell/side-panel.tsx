import { MenuOutlined } from '@ant-design/icons';
import type { PhoneType } from '@tsunagu/contract/auth';
import { Layout, Spin, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { CallHistoryTab } from '../../features/call-history/call-history-tab';
import { ChatTab } from '../../features/chat/chat-tab';
import { PresenceTab } from '../../features/presence/presence-tab';
import { SettingsTab } from '../../features/settings/settings-tab';
import { ja } from '../../shared/i18n/ja';
import {
  SIDE_PANEL_TABS,
  setSidePanelCollapsed,
  showSidePanelTab,
  useShellState,
  type SidePanelTab,
} from '../../shared/shell-state/shell-state';

// The softphone's code is loaded only when a headset user opens its tab (or its host connects).
const SoftphoneTab = lazy(() =>
  import('../../features/softphone/softphone-tab').then((m) => ({ default: m.SoftphoneTab })),
);

/** The tabs a user has: the softphone tab only in headset ('verto') mode (spec 2.4). */
export function sidePanelTabsFor(phoneType: PhoneType): SidePanelTab[] {
  return SIDE_PANEL_TABS.filter((tab) => tab !== 'phone' || phoneType === 'verto');
}

const TAB_CONTENT: Record<SidePanelTab, () => ReactNode> = {
  presence: () => <PresenceTab />,
  history: () => <CallHistoryTab />,
  phone: () => (
    <Suspense fallback={<Spin description={ja.panel.loading} />}>
      <SoftphoneTab />
    </Suspense>
  ),
  chat: () => <ChatTab />,
  settings: () => <SettingsTab />,
};

/** The right-hand panel: presence, call history, softphone, chat and settings. */
export function SidePanel({ phoneType }: { phoneType: PhoneType }) {
  const { sidePanelTab, sidePanelCollapsed } = useShellState();
  const tabs = sidePanelTabsFor(phoneType);
  const active = tabs.includes(sidePanelTab) ? sidePanelTab : 'presence';
  return (
    <Layout.Sider
      theme="light"
      width={320}
      collapsible
      collapsed={sidePanelCollapsed}
      onCollapse={setSidePanelCollapsed}
      collapsedWidth={0}
      reverseArrow
      trigger={
        <span role="button" aria-label={sidePanelCollapsed ? ja.panel.unfold : ja.panel.fold}>
          <MenuOutlined />
        </span>
      }
      style={{ borderLeft: '1px solid #f0f0f0' }}
    >
      <aside aria-label={ja.sidePanel.label} style={{ height: '100%', overflow: 'auto' }}>
        <Tabs
          activeKey={active}
          onChange={(key) => showSidePanelTab(key as SidePanelTab)}
          // Five short Japanese labels fit the panel only with a narrow gutter (no overflow menu).
          tabBarGutter={14}
          tabBarStyle={{ paddingInline: 10, marginBottom: 8 }}
          items={tabs.map((tab) => ({
            key: tab,
            label: ja.sidePanel.tabs[tab],
            children: <div style={{ paddingInline: 8, paddingBottom: 12 }}>{TAB_CONTENT[tab]()}</div>,
          }))}
        />
      </aside>
    </Layout.Sider>
  );
}
