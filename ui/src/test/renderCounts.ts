// Counts the components React renders, by name, in every commit (issue 19: how much of a screen re-renders
// on its first load). React calls the DevTools hook after each commit, in development and production alike;
// this stand-in must exist before react-dom loads, so test/setup.ts imports this module first. Only test
// files named *.renders.test.tsx get it: with a DevTools hook present, development React times every
// fiber's work (its profiler mode), which slows the other tests. A fiber
// rendered in a commit when it is not the object the previous commit left (an untouched subtree keeps its
// fibers) and carries React's PerformedWork flag (its function ran; a bail-out leaves the flag off).
// scripts/list-render.mjs counts the same way in Chromium.

interface Fiber {
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

const PERFORMED_WORK = 1;
const counts = new Map<string, number>();
let previous = new WeakSet<Fiber>();
let counting = false;

function nameOf(type: unknown): string | null {
  if (typeof type === "function") return (type as { displayName?: string; name?: string }).displayName || type.name || null;
  if (type && typeof type === "object") {
    const t = type as { displayName?: string; render?: unknown; type?: unknown };
    return t.displayName || nameOf(t.render ?? t.type);
  }
  return null;
}

function committed(root: { current: Fiber }) {
  if (!counting) return;
  const seen = new WeakSet<Fiber>();
  const stack = [root.current];
  while (stack.length) {
    const f = stack.pop()!;
    seen.add(f);
    if (!previous.has(f) && f.flags & PERFORMED_WORK) {
      const name = nameOf(f.type);
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    if (f.sibling) stack.push(f.sibling);
    if (f.child) stack.push(f.child);
  }
  previous = seen;
}

const g = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown; __vitest_worker__?: { filepath?: string } };
const wanted = /\.renders\.test\.[jt]sx?$/.test(g.__vitest_worker__?.filepath ?? "");
const hook = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => committed(root),
};
if (wanted) g.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= hook;

/** countRenders starts counting afresh (before the render it measures); test/setup.ts stops after each test. */
export function countRenders() {
  if (g.__REACT_DEVTOOLS_GLOBAL_HOOK__ !== hook) throw new Error("render counts need a test file named *.renders.test.tsx");
  counts.clear();
  previous = new WeakSet();
  counting = true;
}

export function stopCountingRenders() {
  counting = false;
  counts.clear();
}

/** renderCount answers how many times components named name rendered since countRenders. */
export function renderCount(name: string): number {
  return counts.get(name) ?? 0;
}
