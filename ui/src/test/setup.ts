// First: React looks for the DevTools hook when react-dom loads (render counts, test/renderCounts.ts).
import { stopCountingRenders } from "./renderCounts";
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
// The console's texts, initialised as the app initialises them (api/errors.ts reads them through i18next).
import "../app/i18n";
import { resetErrors } from "../api/errors";
import { useSessionStore } from "../stores/useSessionStore";
import { useTabsStore } from "../stores/useTabsStore";
import { server } from "./server";

// Lazy pages load on first use; give them time on a slow machine.
configure({ asyncUtilTimeout: 15000 });

// antd reads these browser APIs that jsdom lacks (node-environment tests have no window at all).
const browser = typeof window !== "undefined";
if (browser) Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = globalThis.ResizeObserver ?? ResizeObserverStub;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  stopCountingRenders();
  server.resetHandlers();
  resetErrors();
  if (!browser) return;
  cleanup();
  useSessionStore.getState().loggedOut();
  useTabsStore.getState().allClosed();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
