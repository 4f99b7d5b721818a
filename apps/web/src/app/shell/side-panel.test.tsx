import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { getShellState, patchShellState } from '../../shared/shell-state/shell-state';
import { directoryRoute } from '../../test/fixtures';
import { panelDirectory, panelUserInfo } from '../../test/panel-fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { renderPanel } from '../../test/render-panel';
import { SidePanel } from './side-panel';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const domainUuid = panelUserInfo().domain.domainUuid;
const userUuid = panelUserInfo().user.userUuid;

function panelApi() {
  return mockApi({
    [`GET /api/v1/user/loginUsers/${domainUuid}`]: () => envelope(200, '', []),
    [`GET /api/v1/call/callState/${domainUuid}`]: () => envelope(200, '', []),
    ...directoryRoute(panelDirectory()),
    [`GET /api/v1/chat/${userUuid}`]: () => envelope(200, '', { list: [], unread: 0 }),
    'POST /api/v1/chat/read': () => envelope(200, ''),
  });
}

function open(phoneType: 'verto' | 'phone') {
  startSession('tok', panelUserInfo({ phoneType }));
  return renderPanel(<SidePanel phoneType={phoneType} />);
}

describe('side panel', () => {
  it('has five tabs in order for a headset user, presence first', async () => {
    panelApi();
    open('verto');
    expect(tabNames()).toEqual(['プレゼンス', '通話履歴', '電話', 'チャット', '設定']);
    expect(await screen.findByText('プレゼンスはベータ版の機能です。')).toBeTruthy();
  });

  it('has no softphone tab for a desk-phone user', () => {
    panelApi();
    open('phone');
    expect(tabNames()).toEqual(['プレゼンス', '通話履歴', 'チャット', '設定']);
  });

  it('falls back to presence when the selected softphone tab goes away', () => {
    panelApi();
    patchShellState({ sidePanelTab: 'phone' });
    open('phone');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('プレゼンス');
  });

  it('opening the chat tab resets the unread count and shows the chat', async () => {
    panelApi();
    patchShellState({ chatCnt: 4 });
    open('verto');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'チャット' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('チャット');
    expect(getShellState().chatCnt).toBe(0);
    expect(await screen.findByText('メッセージはありません。')).toBeTruthy();
  });

  it('counts the chat as out of view while the panel is folded', async () => {
    panelApi();
    patchShellState({ sidePanelTab: 'chat' });
    open('verto');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'サイドパネルを閉じる' }));
    expect(getShellState().sidePanelCollapsed).toBe(true);
    act(() => patchShellState({ chatCnt: 2 }));
    await user.click(screen.getByRole('button', { name: 'サイドパネルを開く' }));
    expect(getShellState()).toMatchObject({ sidePanelCollapsed: false, chatCnt: 0 });
  });
});
