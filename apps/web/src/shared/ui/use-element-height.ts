import { useEffect, useState, type RefCallback } from 'react';

/** Tracks an element's height (0 until it is laid out); attach the returned ref to the element. */
export function useElementHeight<E extends HTMLElement>(): [RefCallback<E>, number] {
  const [element, setElement] = useState<E | null>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!element) return;
    setHeight(element.getBoundingClientRect().height);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, height];
}
