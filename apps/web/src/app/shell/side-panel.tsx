import type { PhoneType } from '@tsunagu/contract/auth';
import { Layout, Tabs, Typography } from 'antd';
import { ja } from '../../shared/i18n/ja';
import {
  SIDE_PANEL_TABS,
  showSidePanelTab,
  useShellState,
  type SidePanelTab,
} from '../../shared/shell-state/shell-state';

/** The tabs a user has: the softphone tab only in headset ('verto') mode (spec 2.4). */
export function sidePanelTabsFor(phoneType: PhoneType): SidePanelTab[] {
  return SIDE_PANEL_TABS.filter((tab) => tab !== 'phone' || phoneType === 'verto');
}

/** The right-hand panel: presence, call history, softphone, chat and settings. */
export function SidePanel({ phoneType }: { phoneType: PhoneType }) {
  const { sidePanelTab } = useShellState();
  const tabs = sidePanelTabsFor(phoneType);
  const active = tabs.includes(sidePanelTab) ? sidePanelTab : 'presence';
  return (
    <Layout.Sider
      theme="light"
      width={320}
      collapsible
      collapsedWidth={0}
      reverseArrow
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
            children: (
              <Typography.Paragraph type="secondary" style={{ paddingInline: 12 }}>
                {ja.sidePanel.placeholders[tab]}
              </Typography.Paragraph>
            ),
          }))}
        />
      </aside>
    </Layout.Sider>
  );
}
