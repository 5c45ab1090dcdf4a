import { useEffect, useRef, useState } from "react";
import { toCanvas } from "qrcode";

export interface QrCodeProps {
  /** The text to encode (an otpauth:// URI). */
  value: string;
  /** Accessible name of the image. */
  label: string;
  /** Shown instead when the browser cannot draw (no canvas). */
  fallback: string;
  size?: number;
}

/** QrCode draws value as a QR code on a canvas, drawn in the browser (nothing leaves it). */
export function QrCode({ value, label, fallback, size = 180 }: QrCodeProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    toCanvas(canvas.current, value, { width: size, margin: 1, errorCorrectionLevel: "M" }).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [value, size]);
  if (failed) return <p role="note">{fallback}</p>;
  return <canvas ref={canvas} role="img" aria-label={label} width={size} height={size} />;
}
