import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Card } from 'antd';
import { describe, expect, it } from 'vitest';
import { createKeptStyleCache } from './style-cache';

/** The <style> elements antd has inserted (its CSS variables and its component styles). */
const antdStyles = () => [...document.head.querySelectorAll('style[data-css-hash]')];
/** The element that declares the Card's CSS variables (`--ant-card-…: value`), or undefined. */
const cardVariables = () => antdStyles().find((s) => /--ant-card-[\w-]+:/.test(s.textContent ?? ''));

/** Mounts a Card alone under `cache` and unmounts it; the styles present meanwhile are returned. */
function mountAndUnmount(cache: ReturnType<typeof createCache>) {
  const { unmount } = render(
    <StyleProvider cache={cache}>
      <Card title="顧客情報">山田商事</Card>
    </StyleProvider>,
  );
  const mounted = cardVariables();
  unmount();
  return mounted;
}

describe('createKeptStyleCache', () => {
  // One test: antd's styles live in the document's head for the whole file.
  it('keeps a component’s styles once its last user unmounts (antd’s own cache drops them)', () => {
    const ownCache = createCache();
    const dropped = mountAndUnmount(ownCache);
    expect(dropped).toBeDefined();
    // antd's behaviour, which makes every ring insert the styles anew.
    expect(cardVariables()).toBeUndefined();
    expect(ownCache.cache.size).toBe(0);

    const kept = createKeptStyleCache();
    const first = mountAndUnmount(kept);
    expect(first).toBeDefined();
    // Still in the document and in the cache after the unmount …
    expect(cardVariables()).toBe(first);
    const entries = new Map(kept.cache);
    expect(entries.size).toBeGreaterThan(0);
    // … and a mount again uses the same element and the same computed entries.
    const styles = antdStyles();
    expect(mountAndUnmount(kept)).toBe(first);
    expect(antdStyles()).toEqual(styles);
    for (const [key, [, value]] of entries) expect(kept.cache.get(key)?.[1]).toBe(value);
  });
});
