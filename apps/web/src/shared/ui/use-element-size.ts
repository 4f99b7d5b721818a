import { useEffect, useState, type RefCallback } from 'react';

/**
 * Tracks one dimension of an element (0 until it is laid out); attach the returned ref to the element.
 * A ResizeObserver follows the window and split panes alike; only the chosen dimension re-renders.
 */
export function useElementSize<E extends HTMLElement>(
  dimension: 'width' | 'height',
): [RefCallback<E>, number] {
  const [element, setElement] = useState<E | null>(null);
  const [size, setSize] = useState(0);
  useEffect(() => {
    if (!element) return;
    setSize(element.getBoundingClientRect()[dimension]);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize(entry.contentRect[dimension]);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, dimension]);
  return [setElement, size];
}
