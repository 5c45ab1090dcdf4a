import { useEffect, useState } from "react";

/**
 * useStages answers 0 on mount, then 1, 2, … up to last: each step an update of its own, made from a task of
 * its own once the previous step committed. A large screen mounts in parts, each part's render and commit a
 * shorter task where the whole mount was one long task on a phone's CPU, and the first part paints before the
 * rest is rendered (issue 19: the list's first frame). Not transitions: React restarts a transition's render
 * whenever an urgent update comes in (the rows, the URL write, the shell's stores), and on the list's first
 * load they come often enough to multiply the work.
 */
export function useStages(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    const timer = setTimeout(() => setStage(stage + 1), 0);
    return () => clearTimeout(timer);
  }, [stage, last]);
  return stage;
}
