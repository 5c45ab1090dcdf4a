// Message state every page shares: the unread count the header's bell shows, the socket's connection flag
// (spec §4), and a counter the message centre watches to reload when something changed elsewhere.

import { create } from "zustand";

export interface MessageState {
  unread: number;
  connected: boolean;
  /** Bumped whenever messages changed (a new one, read or deleted elsewhere). */
  version: number;

  unreadLoaded: (n: number) => void;
  messageArrived: () => void;
  messagesChanged: () => void;
  connectionChanged: (connected: boolean) => void;
}

export const useMessageStore = create<MessageState>()((set) => ({
  unread: 0,
  connected: false,
  version: 0,
  unreadLoaded: (n) => set({ unread: n }),
  messageArrived: () => set((s) => ({ unread: s.unread + 1, version: s.version + 1 })),
  messagesChanged: () => set((s) => ({ version: s.version + 1 })),
  connectionChanged: (connected) => set({ connected }),
}));
