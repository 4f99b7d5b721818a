import { createCache } from '@ant-design/cssinjs';

type StyleCache = ReturnType<typeof createCache>;

/**
 * antd's style cache, kept for the whole visit. antd counts the mounted users of each component's
 * styles; when the last one unmounts it drops the computed styles and removes the component's
 * CSS-variable <style> element, and the next mount computes them again and inserts a new element, which
 * makes the browser recompute the styles of the whole page. A ring unmounts and mounts the same
 * components every time (the pop-up, the toast, the record shown for another number), so that cost
 * came back on every ring (issue 19: the record on screen < 300 ms after the invite). Here every entry
 * is counted as used once more than it is: it is never dropped, and a mount finds its styles ready.
 * The set of entries is bounded by the app's components and its one theme.
 */
export function createKeptStyleCache(): StyleCache {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (stored) => {
      if (!stored) return valueFn(stored);
      const next = valueFn([stored[0] + 1, stored[1]]);
      return next && [next[0] - 1, next[1]];
    });
  return cache;
}
