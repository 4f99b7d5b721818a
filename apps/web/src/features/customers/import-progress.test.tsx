import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportProgress } from './import-progress';

describe('the import’s progress', () => {
  it('shows each step’s own count and percentage as the server reports it', () => {
    const { rerender } = render(
      <ImportProgress progress={{ step: 'upload', done: 1536, total: 3 * 1024 * 1024 }} />,
    );
    expect(screen.getByText('ファイルを送信しています（2 KB / 3.0 MB）')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    rerender(<ImportProgress progress={{ step: 'write', done: 12_000, total: 100_000 }} />);
    expect(screen.getByText('書き込んでいます（12,000 / 100,000件）')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('12');
  });

  it('says it waits, at 0%, before the first report', () => {
    render(<ImportProgress progress={null} />);
    expect(screen.getByText('サーバーの応答を待っています…')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });
});
