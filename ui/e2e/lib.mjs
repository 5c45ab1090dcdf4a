// Small helpers for the e2e specs (playwright-core has no test runner, so no expect()).

import assert from "node:assert/strict";

export { assert };

/** visible waits until the locator is visible (default 15 s) and returns it. */
export async function visible(locator, timeout = 15_000) {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator.first();
}

/** urlIs waits until the page's pathname is path. */
export async function urlIs(page, path, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** skipUnlessServed skips the spec while the server does not answer path yet (404 or no envelope). */
export async function skipUnlessServed(ctx, path) {
  const res = await ctx.api(path);
  if (res.status === 404) ctx.skip(`the server does not answer ${path} yet (404)`);
  const body = await res.json().catch(() => null);
  if (!body || typeof body.code !== "number") ctx.skip(`${path} does not answer with the envelope yet`);
}
