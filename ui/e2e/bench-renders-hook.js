// A diagnostic for e2e/bench-form-keystroke.mjs (BENCH_HOOK=e2e/bench-renders-hook.js): installed before the
// console loads, it stands in for the React DevTools hook, and after each commit while window.__count is set
// it walks the fibers React worked on and counts, by component name, the components that rendered (with why:
// new props, or neither new props nor a parent's render — a state or context change) and the context
// providers whose value changed. Names are readable with a build made with `--minify false`.
(() => {
  const names = (t) => (t && (t.displayName || t.name)) || (t && t.render && (t.render.displayName || t.render.name)) || (t && t.type && names(t.type)) || (t && ("?" + String(t.render || t).slice(0, 60).replace(/\s+/g, " "))) || "?";
  window.__renders = new Map();
  window.__providers = new Map();
  const named = (f, n) => { const out = []; for (let p = f.return; p && out.length < n; p = p.return) if (p.tag !== 5 && p.tag !== 10 && p.tag !== 7 && p.tag !== 3) out.push(names(p.type)); return out.join("<"); };
  function reason(c, prev) {
    if (!prev) return "mount";
    if (c.memoizedProps !== prev.memoizedProps) return "props";
    let s = c.memoizedState, q = prev.memoizedState, st = false;
    if (s !== q) st = true;
    return st ? "state" : "ctx";
  }
  function walk(f) {
    for (let c = f.child; c; c = c.sibling) {
      const prev = c.alternate;
      if ([0, 1, 11, 14, 15].includes(c.tag) && (!prev || (c.flags & 1))) {
        const n = names(c.type) + " [" + reason(c, prev) + "] < " + named(c, 3);
        window.__renders.set(n, (window.__renders.get(n) ?? 0) + 1);
      }
      if (c.tag === 10 && prev && !Object.is(c.memoizedProps.value, prev.memoizedProps.value)) {
        const k = named(c, 4);
        window.__providers.set(k, (window.__providers.get(k) ?? 0) + 1);
      }
      if (!prev || c.child !== prev.child) walk(c);
    }
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), checkDCE() {}, inject() { return 1; },
    onCommitFiberRoot(_id, root) { if (window.__count) walk(root.current); },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, setStrictMode() {},
  };
})();
