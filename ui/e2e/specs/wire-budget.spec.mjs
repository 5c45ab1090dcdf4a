// Transfer budgets as bytes on the wire, counted by Chromium itself (the DevTools protocol's
// encodedDataLength: headers plus the body as sent, compressed or not) with the browser cache disabled,
// so every file is fetched as a first visit over a slow village link would fetch it: the login page at
// most 250 KB, the first module list after signing in at most 600 KB (docs/performance.md).
import { assert, signInAdmin, urlIs, visible } from "../lib.mjs";

const KB = 1024;

/** wireBytes runs load with a cold cache and answers the bytes Chromium received and the encodings seen. */
async function wireBytes(page, load) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  let bytes = 0;
  const encodings = new Map();
  const urls = new Map();
  const files = [];
  cdp.on("Network.responseReceived", (e) => {
    const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1] ?? "identity";
    encodings.set(enc, (encodings.get(enc) ?? 0) + 1);
    urls.set(e.requestId, new URL(e.response.url).pathname);
  });
  cdp.on("Network.loadingFinished", (e) => {
    bytes += e.encodedDataLength;
    files.push([urls.get(e.requestId) ?? e.requestId, e.encodedDataLength]);
  });
  await load();
  await page.waitForLoadState("networkidle");
  await cdp.detach();
  // The largest files, for the message of a budget overrun.
  const largest = files
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([url, n]) => `${url} ${(n / KB).toFixed(1)} KB`)
    .join(", ");
  return { bytes, encodings: Object.fromEntries(encodings), largest, count: files.length };
}

export default [
  {
    name: "the login page moves at most 250 KB over the wire, compressed",
    async run({ page }) {
      const { bytes, encodings, largest, count } = await wireBytes(page, async () => {
        await page.goto("/login");
        await visible(page.getByRole("textbox", { name: "用户名" }));
      });
      console.log(`  login page: ${(bytes / KB).toFixed(1)} KB on the wire ${JSON.stringify(encodings)}`);
      assert.ok(encodings.br > 0, `the console's files came uncompressed: ${JSON.stringify(encodings)}`);
      assert.ok(bytes <= 250 * KB, `login page moved ${(bytes / KB).toFixed(1)} KB in ${count} files, budget 250 KB; largest: ${largest}`);
    },
  },
  {
    name: "the first module list after signing in moves at most 600 KB over the wire",
    async run(ctx) {
      const { page } = ctx;
      await signInAdmin(ctx);
      const { bytes, encodings, largest, count } = await wireBytes(page, async () => {
        await page.goto("/m/publishType");
        await urlIs(page, "/m/publishType");
        await visible(page.getByRole("textbox", { name: "类型名称" }));
      });
      console.log(`  first module list: ${(bytes / KB).toFixed(1)} KB on the wire ${JSON.stringify(encodings)}`);
      assert.ok(bytes <= 600 * KB, `first module list moved ${(bytes / KB).toFixed(1)} KB in ${count} files, budget 600 KB; largest: ${largest}`);
    },
  },
];
