import { useEffect, useState } from 'react';

/**
 * The value one painted frame late: undefined until the component's first paint is on screen, then the
 * value; a new value shows once the frame drawn with the old one is on screen. What can wait a frame (a
 * long table, a form's inputs) then renders after what the user looks at first. A deferred render
 * (useDeferredValue) may still run before the browser paints; a timer set in the next animation frame
 * runs only after that frame is drawn.
 */
export function useValueAfterPaint<T>(value: T): T | undefined {
  const [shown, setShown] = useState<{ value: T }>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown({ value }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return shown?.value;
}

/** False until the component's first paint is on screen, then true. */
export const useAfterFirstPaint = (): boolean => useValueAfterPaint(true) ?? false;
