import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spec 9 "Timing": a refreshed list selects the previous row again after this delay. */
export const SELECTION_RESTORE_MS = 300;

/**
 * The single selected row of a list screen, kept by key so that it survives reloads. A row that is no
 * longer listed is not selected, whatever key is remembered.
 */
export function useListSelection<T>(rows: readonly T[], rowKey: (row: T) => string) {
  const [key, setKey] = useState<string | null>(null);
  const latestRows = useRef(rows);
  const restoreTimer = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    latestRows.current = rows;
  }, [rows]);
  useEffect(() => () => window.clearTimeout(restoreTimer.current), []);

  const selected = key === null ? undefined : rows.find((row) => rowKey(row) === key);

  return {
    /** The selected row, if it is still listed. */
    selected,
    selectedKey: selected === undefined ? null : key,
    /** Selects a row, or clears the selection with null; the user's choice wins over a pending restore. */
    select: (row: T | null) => {
      window.clearTimeout(restoreTimer.current);
      setKey(row === null ? null : rowKey(row));
    },
    /**
     * Runs a reload with nothing selected, then, after SELECTION_RESTORE_MS, selects the previous row
     * again if it still exists (spec 2.5).
     */
    async reload(run: () => Promise<unknown>): Promise<void> {
      const previous = key;
      setKey(null);
      try {
        await run();
      } finally {
        window.clearTimeout(restoreTimer.current);
        restoreTimer.current = window.setTimeout(() => {
          const listed = latestRows.current.some((row) => rowKey(row) === previous);
          setKey(previous !== null && listed ? previous : null);
        }, SELECTION_RESTORE_MS);
      }
    },
  };
}
