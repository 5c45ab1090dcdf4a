// The large screen's frame: a 1920×1080 canvas scaled (CSS transform) to fit any window, centred on a dark
// background, keeping its proportions.

import { useEffect, useState, type ReactNode } from "react";

export const SCREEN_WIDTH = 1920;
export const SCREEN_HEIGHT = 1080;

/** fitScale answers the scale that fits the 1920×1080 canvas in a window, and the offsets that centre it. */
export function fitScale(width: number, height: number): { scale: number; left: number; top: number } {
  const scale = Math.min(width / SCREEN_WIDTH, height / SCREEN_HEIGHT);
  return { scale, left: (width - SCREEN_WIDTH * scale) / 2, top: (height - SCREEN_HEIGHT * scale) / 2 };
}

function windowFit() {
  return fitScale(window.innerWidth, window.innerHeight);
}

export function ScreenFrame({ children, label }: { children: ReactNode; label: string }) {
  const [fit, setFit] = useState(windowFit);
  useEffect(() => {
    const onResize = () => setFit(windowFit());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return (
    <div style={{ position: "fixed", inset: 0, overflow: "hidden", background: "#020b1a" }}>
      <main
        aria-label={label}
        data-scale={fit.scale.toFixed(4)}
        style={{
          position: "absolute",
          left: fit.left,
          top: fit.top,
          width: SCREEN_WIDTH,
          height: SCREEN_HEIGHT,
          transform: `scale(${fit.scale})`,
          transformOrigin: "0 0",
          background: "radial-gradient(ellipse at top, #0b2447 0%, #061429 55%, #020b1a 100%)",
          color: "#cfe3ff",
          overflow: "hidden",
        }}
      >
        {children}
      </main>
    </div>
  );
}
