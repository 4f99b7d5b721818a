import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useValueAfterPaint } from './after-paint';

function Late({ value }: { value: string }) {
  const shown = useValueAfterPaint(value);
  return <p>{shown ?? '(none)'}</p>;
}

/** One animation frame drawn (16 ms), then the timer it set. */
const nextFrame = () => act(() => vi.advanceTimersByTime(20));

describe('useValueAfterPaint', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('shows nothing in the first frame, the value after it, and a new value a frame late', () => {
    const { rerender } = render(<Late value="一" />);
    expect(screen.getByText('(none)')).toBeTruthy();
    nextFrame();
    expect(screen.getByText('一')).toBeTruthy();
    rerender(<Late value="二" />);
    expect(screen.getByText('一')).toBeTruthy();
    nextFrame();
    expect(screen.getByText('二')).toBeTruthy();
  });

  it('shows only the last of values changed within one frame', () => {
    const { rerender } = render(<Late value="一" />);
    rerender(<Late value="二" />);
    nextFrame();
    expect(screen.getByText('二')).toBeTruthy();
    nextFrame();
    expect(screen.getByText('二')).toBeTruthy();
  });
});
