import { Suspense, lazy, useEffect, useState, type ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes, useLocation } from "react-router";
import { useReplaceSearch } from "./useReplaceSearch";

/** A page that writes its state into the URL, as the module list writes its criteria. */
function Page() {
  const [n, setN] = useState(0);
  const replaceSearch = useReplaceSearch();
  useEffect(() => replaceSearch(`n=${n}`), [n, replaceSearch]);
  return (
    <div>
      <button onClick={() => setN((x) => x + 1)}>next</button>
      <Link to="/next">go</Link>
    </div>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

describe("useReplaceSearch", () => {
  it("writes the page's state into its URL", async () => {
    render(
      <MemoryRouter initialEntries={["/list"]}>
        <Routes>
          <Route path="/list" element={<Page />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText("/list?n=0")).toBeInTheDocument();
    fireEvent.click(screen.getByText("next"));
    expect(await screen.findByText("/list?n=1")).toBeInTheDocument();
  });

  it("does not undo a navigation still rendering when the old page's state changes", async () => {
    // The next page suspends until released, so the navigation stays a pending transition and the old
    // page stays on screen — the window in which the console used to jump back.
    let release: (m: { default: ComponentType }) => void = () => undefined;
    const Next = lazy(() => new Promise<{ default: ComponentType }>((ok) => (release = ok)));
    render(
      <MemoryRouter initialEntries={["/list"]}>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path="/list" element={<Page />} />
            <Route path="/next" element={<Next />} />
          </Routes>
          <Where />
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByText("/list?n=0")).toBeInTheDocument();
    fireEvent.click(screen.getByText("go"));
    // The old page is still shown (the transition waits for /next) and its state changes now.
    fireEvent.click(screen.getByText("next"));
    await act(async () => release({ default: () => <p>next page</p> }));
    expect(await screen.findByText("next page")).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/next$/);
  });
});
