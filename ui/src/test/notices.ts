// Records the messages the console shows through app/notify (antd's static message does not render in
// jsdom), so widget tests can wait for the spec's texts.

import { afterEach, beforeEach, expect, vi } from "vitest";
import { waitFor } from "@testing-library/react";
import { notify } from "../app/notify";

/** watchNotices records every notify.success/warning/error of each test of the calling file. */
export function watchNotices() {
  const texts: string[] = [];
  beforeEach(() => {
    texts.length = 0;
    for (const kind of ["success", "warning", "error"] as const) vi.spyOn(notify, kind).mockImplementation((t: string) => void texts.push(t));
  });
  afterEach(() => vi.restoreAllMocks());
  return {
    texts,
    /** shown waits until text was shown. */
    shown: (text: string) => waitFor(() => expect(texts).toContain(text)),
  };
}
