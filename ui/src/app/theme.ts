// The console's antd theme (issue 19): colour tokens chosen so that text meets WCAG 2 AA contrast (4.5:1)
// on white, on the light grey page background (#f5f5f5) and on the light tag backgrounds. Fixed here, at the
// token level, so every screen inherits it: the primary blue (buttons, links, selected menu item, active tab),
// the status colours (form errors, status tags), the secondary and placeholder texts, and the darker shade
// (7) of the preset tag colours that antd draws tag text with.

import type { ThemeConfig } from "antd";

export const THEME_TOKENS = {
  colorPrimary: "#0958d9", // antd blue-7: 6.2:1 on white (blue-6 #1677ff was 4.1:1)
  colorPrimaryHover: "#003eb3", // blue-8: a hovered or focused button keeps 4.5:1 (the derived lighter blue did not)
  colorPrimaryActive: "#002c8c",
  colorLinkHover: "#003eb3",
  colorLinkActive: "#002c8c",
  colorInfo: "#0958d9",
  colorLink: "#0958d9",
  colorSuccess: "#237804", // green-8
  colorWarning: "#ad4e00", // orange-8
  colorError: "#cf1322", // red-7: 5.6:1
  colorTextTertiary: "rgba(0, 0, 0, 0.62)", // descriptions, statistic titles, breadcrumbs (was 0.45: 3.4:1)
  colorTextQuaternary: "rgba(0, 0, 0, 0.58)", // placeholders, empty texts (was 0.25: 1.8:1)
  colorTextPlaceholder: "rgba(0, 0, 0, 0.58)",
  colorTextDisabled: "rgba(0, 0, 0, 0.25)", // disabled controls stay visibly disabled (exempt from contrast)
  // Preset tag colours draw their text with shade 7; these shades read at 4.5:1 on their shade-1 backgrounds.
  volcano7: "#ad2102",
  orange7: "#ad4e00",
  gold7: "#874d00",
  yellow7: "#876800",
  lime7: "#3f6600",
  green7: "#237804",
  cyan7: "#006d75",
} as const;

/** THEME is the ConfigProvider theme of every page of the console. */
export const THEME: ThemeConfig = { token: THEME_TOKENS };

/** REDUCED_MOTION_QUERY matches a system set to reduce motion (WCAG 2.3.3, animation from interactions). */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/**
 * STILL_THEME is THEME without antd's motion, for a system set to reduce motion: menus, dialogs, drawers and
 * dropdowns open and close at once instead of sliding, fading and zooming.
 */
export const STILL_THEME: ThemeConfig = { token: { ...THEME_TOKENS, motion: false } };
