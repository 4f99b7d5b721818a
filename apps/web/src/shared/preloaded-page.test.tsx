import { act, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { preloadedPage } from './preloaded-page';

const Page = () => <p>the page</p>;

describe('preloadedPage', () => {
  it('renders the page in the same synchronous render once its code was loaded ahead', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const page = preloadedPage(load, <p>loading</p>);
    await page.preload();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const container = document.createElement('div');
    document.body.append(container);
    const { Component } = page;
    // A navigation rendered with flushSync: the page must be there when it returns, not a fallback.
    flushSync(() => void render(<Component />, { container }));
    expect(container.textContent).toBe('the page');
  });

  it('shows the fallback while its code loads, then the page', async () => {
    let loaded: (page: typeof Page) => void = () => undefined;
    const page = preloadedPage(() => new Promise((resolve) => (loaded = resolve)), <p>loading</p>);
    const { Component } = page;
    // Suspending inside act: React wants that act awaited.
    await act(async () => void render(<Component />));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => loaded(Page));
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('loads again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Page);
    const page = preloadedPage(load);
    await expect(page.preload()).rejects.toThrow('offline');
    await expect(page.preload()).resolves.toBe(Page);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
