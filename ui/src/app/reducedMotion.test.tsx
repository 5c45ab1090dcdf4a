// antd's static dialogs render through this patch under React 19, as in main.tsx.
import "@ant-design/v5-patch-for-react-19";
import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { Modal, theme } from "antd";
import { MemoryRouter } from "react-router";
import { AppProviders } from "./AppProviders";
import { REDUCED_MOTION_QUERY } from "./theme";

/** MotionProbe shows whether antd's motion is on under the providers. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <output data-testid="motion">{String(token.motion)}</output>;
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
  Modal.destroyAll();
});

/** reducedMotionSystem makes matchMedia answer the reduced-motion query with reduce, and lets a test change it. */
function reducedMotionSystem(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === REDUCED_MOTION_QUERY && state.reduce;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return (next: boolean) => {
    state.reduce = next;
    listeners.forEach((fn) => fn());
  };
}

const renderProbe = () =>
  render(
    <MemoryRouter>
      <AppProviders>
        <MotionProbe />
      </AppProviders>
    </MemoryRouter>,
  );

describe("reduced motion", () => {
  it("turns antd's motion off while the system asks for reduced motion, and on again when it stops", () => {
    const change = reducedMotionSystem(true);
    renderProbe();
    expect(screen.getByTestId("motion")).toHaveTextContent("false");
    act(() => change(false));
    expect(screen.getByTestId("motion")).toHaveTextContent("true");
    act(() => change(true));
    expect(screen.getByTestId("motion")).toHaveTextContent("false");
  });

  it("keeps antd's motion by default", () => {
    reducedMotionSystem(false);
    renderProbe();
    expect(screen.getByTestId("motion")).toHaveTextContent("true");
  });

  it("turns the motion of antd's static dialogs off too (they render outside the providers)", async () => {
    reducedMotionSystem(true);
    renderProbe();
    act(() => void Modal.info({ content: <MotionProbe /> }));
    await waitFor(() => expect(screen.getAllByTestId("motion")).toHaveLength(2));
    for (const probe of screen.getAllByTestId("motion")) expect(probe).toHaveTextContent("false");
  });
});
