import { createStore, useStore } from '../store/create-store';

/** The side panel's tabs in the spec's order (index 0 to 4). */
export const SIDE_PANEL_TABS = ['presence', 'history', 'phone', 'chat', 'settings'] as const;
export type SidePanelTab = (typeof SIDE_PANEL_TABS)[number];

/** The call the header shows while it lasts; whoever owns the call supplies hangUp. */
export interface CurrentCall {
  /** The other party's number. */
  number: string;
  /** Where the call stands (発信中, 呼出中, 通話中 …); absent: 通話中. */
  status?: string;
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
  /** The side panel is folded away. */
  sidePanelCollapsed: boolean;
}

const initialState: ShellState = {
  recallCnt: 0,
  chatCnt: 0,
  currentCall: null,
  sidePanelTab: 'presence',
  sidePanelCollapsed: false,
};

const store = createStore<ShellState>(initialState);

/** True while the user can see the chat tab (selected in an unfolded panel). */
export function isChatVisible(state: ShellState): boolean {
  return state.sidePanelTab === 'chat' && !state.sidePanelCollapsed;
}

// Spec 2.4 "Chat tab": whenever the chat becomes visible, every message counts as read.
const withChatRead = (state: ShellState): ShellState =>
  isChatVisible(state) && state.chatCnt !== 0 ? { ...state, chatCnt: 0 } : state;

/** Updates part of the shell state (fed by the real-time and phone features). */
export function patchShellState(patch: Partial<ShellState>): void {
  store.set((state) => ({ ...state, ...patch }));
}

/** Selects a side-panel tab and unfolds the panel; opening the chat tab marks every chat message read. */
export function showSidePanelTab(tab: SidePanelTab): void {
  store.set((state) => withChatRead({ ...state, sidePanelTab: tab, sidePanelCollapsed: false }));
}

/** Folds or unfolds the side panel. */
export function setSidePanelCollapsed(collapsed: boolean): void {
  store.set((state) => withChatRead({ ...state, sidePanelCollapsed: collapsed }));
}

/** One more unread chat message, unless the chat tab is in view. */
export function countUnreadChat(): void {
  store.set((state) => (isChatVisible(state) ? state : { ...state, chatCnt: state.chatCnt + 1 }));
}

/** The shell state outside React. */
export function getShellState(): ShellState {
  return store.get();
}

/** Back to nothing shown, when the user signs out. */
export function resetShellState(): void {
  store.set(initialState);
}

/** The shell state in a component. */
export function useShellState(): ShellState {
  return useStore(store);
}
