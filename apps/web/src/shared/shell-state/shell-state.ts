import { createStore, useStore } from '../store/create-store';

/** The side panel's tabs in the spec's order (index 0 to 4). */
export const SIDE_PANEL_TABS = ['presence', 'history', 'phone', 'chat', 'settings'] as const;
export type SidePanelTab = (typeof SIDE_PANEL_TABS)[number];

/** The call the header shows while it lasts; whoever owns the call supplies hangUp. */
export interface CurrentCall {
  /** The other party's number. */
  number: string;
  hangUp: () => void;
}

/** What the header and side panel show about the user's live activity. */
export interface ShellState {
  /** Customers waiting for a call back. */
  recallCnt: number;
  /** Unread chat messages. */
  chatCnt: number;
  currentCall: CurrentCall | null;
  sidePanelTab: SidePanelTab;
}

const initialState: ShellState = { recallCnt: 0, chatCnt: 0, currentCall: null, sidePanelTab: 'presence' };

const store = createStore<ShellState>(initialState);

/** Updates part of the shell state (fed by the real-time and phone features). */
export function patchShellState(patch: Partial<ShellState>): void {
  store.set((state) => ({ ...state, ...patch }));
}

/** Selects a side-panel tab; opening the chat tab marks every chat message read (spec 2.4 "Chat tab"). */
export function showSidePanelTab(tab: SidePanelTab): void {
  patchShellState(tab === 'chat' ? { sidePanelTab: tab, chatCnt: 0 } : { sidePanelTab: tab });
}

/** Back to nothing shown, when the user signs out. */
export function resetShellState(): void {
  store.set(initialState);
}

/** The shell state in a component. */
export function useShellState(): ShellState {
  return useStore(store);
}
