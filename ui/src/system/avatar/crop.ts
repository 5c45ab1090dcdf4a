// The avatar cropper's arithmetic (spec §5 "Avatar"): a square viewport over an image that is zoomed and
// panned, the source square it selects, and the size check of the resulting data URL. Pure functions so
// they are tested without a canvas.

import { text } from "../../locales/catalogue";

/** AVATAR_MAX_CHARS is the longest cropped data URL accepted (spec §9: 250K, 256000 characters). */
export const AVATAR_MAX_CHARS = 256000;


/** MAX_ZOOM is how far past the smallest scale (image covering the viewport) the user may zoom in. */
export const MAX_ZOOM = 8;

/** OUTPUT_MAX_SIDE bounds the cropped image's side in pixels. */
export const OUTPUT_MAX_SIDE = 1024;

/** checkCropSize answers the spec's refusal (system.profile.avatar.tooLarge) when the data URL is over the limit, else undefined. */
export function checkCropSize(dataUrl: string): string | undefined {
  return dataUrl.length > AVATAR_MAX_CHARS ? text("system.profile.avatar.tooLarge") : undefined;
}

/** View is where the image sits in the viewport: its top-left corner (x, y) and its scale. */
export interface View {
  x: number;
  y: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

/** coverScale is the smallest scale at which the image covers the square viewport of side. */
export function coverScale(image: Size, side: number): number {
  return Math.max(side / image.width, side / image.height);
}

/** clampView keeps the scale within [cover, cover × MAX_ZOOM] and the viewport inside the image. */
export function clampView(view: View, image: Size, side: number): View {
  const min = coverScale(image, side);
  const scale = Math.min(Math.max(view.scale, min), min * MAX_ZOOM);
  const clamp = (v: number, extent: number) => Math.min(0, Math.max(side - extent * scale, v));
  return { scale, x: clamp(view.x, image.width), y: clamp(view.y, image.height) };
}

/** initialView centres the image at the cover scale. */
export function initialView(image: Size, side: number): View {
  const scale = coverScale(image, side);
  return { scale, x: (side - image.width * scale) / 2, y: (side - image.height * scale) / 2 };
}

/** zoomAt changes the scale keeping the image point under (cx, cy) in place, then clamps. */
export function zoomAt(view: View, scale: number, cx: number, cy: number, image: Size, side: number): View {
  const k = scale / view.scale;
  return clampView({ scale, x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k }, image, side);
}

/** panBy moves the image by (dx, dy) viewport pixels, then clamps. */
export function panBy(view: View, dx: number, dy: number, image: Size, side: number): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, image, side);
}

/** Crop is the source square the viewport selects and the side of the output image. */
export interface Crop {
  sx: number;
  sy: number;
  side: number;
  outSide: number;
}

/** cropOf answers the source square under the viewport (aspect ratio 1). */
export function cropOf(view: View, side: number): Crop {
  const src = side / view.scale;
  const outSide = Math.max(1, Math.min(OUTPUT_MAX_SIDE, Math.round(src)));
  return { sx: (0 - view.x) / view.scale, sy: (0 - view.y) / view.scale, side: src, outSide };
}
