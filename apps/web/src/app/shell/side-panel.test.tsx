import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { patchShellState } from '../../shared/shell-state/shell-state';
import { SidePanel } from './side-panel';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('side panel', () => {
  it('has five tabs in order for a headset user', () => {
    render(<SidePanel phoneType="verto" />);
    expect(tabNames()).toEqual(['プレゼンス', '通話履歴', '電話', 'チャット', '設定']);
    expect(screen.getByText('ログイン中の同僚と在席状況がここに表示されます（準備中）。')).toBeTruthy();
  });

  it('has no softphone tab for a desk-phone user', () => {
    render(<SidePanel phoneType="phone" />);
    expect(tabNames()).toEqual(['プレゼンス', '通話履歴', 'チャット', '設定']);
  });

  it('falls back to presence when the selected softphone tab goes away', () => {
    patchShellState({ sidePanelTab: 'phone' });
    render(<SidePanel phoneType="phone" />);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('プレゼンス');
  });

  it('opening the chat tab marks chat messages read', async () => {
    patchShellState({ chatCnt: 4 });
    render(<SidePanel phoneType="verto" />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'チャット' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('チャット');
    expect(screen.getByText('同僚とのチャットがここに表示されます（準備中）。')).toBeTruthy();
  });
});
