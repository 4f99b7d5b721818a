import { useEffect, useState, type RefCallback } from 'react';

/**
 * Tracks an element's width (0 until it is laid out); attach the returned ref to the element. A
 * ResizeObserver follows the window and the split pane alike.
 */
export function useElementWidth<E extends HTMLElement>(): [RefCallback<E>, number] {
  const [element, setElement] = useState<E | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
