import { loadAntdStyles, STYLES_WAIT_MS } from "./antdStyles";

describe("loadAntdStyles", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  it("answers at once and adds nothing without the build's meta element", async () => {
    await loadAntdStyles();
    expect(document.querySelector("link")).toBeNull();
  });

  it("adds the named stylesheet before the page's own styles and answers once it has loaded or failed", async () => {
    document.head.innerHTML = '<meta name="xz-antd-css" content="/assets/antd-x.css"><style>.own{}</style>';
    let settled = false;
    const loaded = loadAntdStyles().then(() => (settled = true));
    const link = document.querySelector<HTMLLinkElement>("link[data-antd-static]");
    expect(link?.getAttribute("href")).toBe("/assets/antd-x.css");
    expect(link?.nextElementSibling?.tagName).toBe("STYLE");
    await Promise.resolve();
    expect(settled).toBe(false);
    link?.dispatchEvent(new Event("error"));
    await loaded;
    expect(settled).toBe(true);
  });

  it("stops waiting for a stylesheet that neither loads nor fails", async () => {
    vi.useFakeTimers();
    try {
      document.head.innerHTML = '<meta name="xz-antd-css" content="/assets/antd-x.css">';
      let settled = false;
      const loaded = loadAntdStyles().then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(STYLES_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await loaded;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
