import { ANONYMOUS } from '@tsunagu/contract/cdr';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HistoryEntryCells } from './history-entry-cells';

// Local time, as the browser shows it.
const START = '2026-03-05T09:07:00';

function show(number: string, props: { disabled?: boolean } = {}) {
  const onDial = vi.fn();
  const view = render(
    <HistoryEntryCells number={number} anonymousLabel="非通知" onDial={onDial} startStamp={START} {...props}>
      <span>株式会社サンプル</span>
    </HistoryEntryCells>,
  );
  return { onDial, ...view };
}

describe('HistoryEntryCells', () => {
  it('shows the name, a button that dials the number, and the start time MM/dd HH:mm', async () => {
    const { onDial, container } = show('0312340001');
    expect(screen.getByText('株式会社サンプル')).toBeTruthy();
    await userEvent.click(screen.getByTitle('0312340001 に発信'));
    expect(onDial).toHaveBeenCalledWith('0312340001');
    const time = container.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(START);
    expect(time?.textContent).toBe('03/05 09:07');
  });

  it('shows the anonymous label instead of a button when the number is withheld', () => {
    show(ANONYMOUS);
    expect(screen.getByText('非通知')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('disables the button when asked', () => {
    show('0312340001', { disabled: true });
    expect((screen.getByTitle('0312340001 に発信') as HTMLButtonElement).disabled).toBe(true);
  });
});
