import type { CallStateItem } from '@tsunagu/contract/call';

/** Park slots P1–P8 (spec 9 "Park and lines"). */
export const PARK_SLOTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** The extension of a slot: P1 → 5901 … P8 → 5908. */
export function parkExtension(slot: number): string {
  return String(5900 + slot);
}

/** Where a call is transferred to park it in a slot: 'park+59NN'. */
export function parkTarget(slot: number): string {
  return `park+${parkExtension(slot)}`;
}

/**
 * The slot a valet_park channel occupies. Spec 4 reads the 9th character of dest ('park+5903' → 3);
 * FreeSWITCH also reports the bare slot ('5903'), so it is read from the end of either.
 */
export function parkSlotOf(dest: string): number | null {
  const match = /(?:^|\+)590([1-8])$/.exec(dest);
  return match ? Number(match[1]) : null;
}

/** Occupied slots: the park topic's once one has arrived, else the call state's valet_park channels. */
export function occupiedSlots(
  channels: readonly CallStateItem[],
  topicSlots: ReadonlySet<number> | null,
): ReadonlySet<number> {
  if (topicSlots) return topicSlots;
  return new Set(
    channels.flatMap((c) => {
      const slot = c.application === 'valet_park' ? parkSlotOf(c.dest) : null;
      return slot === null ? [] : [slot];
    }),
  );
}

/** Spec 4 "Call actions / Park": park the current call there, or, with none, dial the slot to retrieve. */
export function parkAction(slot: number, inCall: boolean): { kind: 'park' | 'retrieve'; number: string } {
  return inCall
    ? { kind: 'park', number: parkTarget(slot) }
    : { kind: 'retrieve', number: parkExtension(slot) };
}
