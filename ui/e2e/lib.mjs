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

// ---- Shared administrator session -------------------------------------------------------------------
// The specs of one run share the server's data: the first spec to need the administrator signs in with
// the initial password and, when the server forces a change, changes it; later specs use the new one.

const adminName = process.env.E2E_USERNAME ?? "admin";
let adminPassword = process.env.E2E_PASSWORD ?? process.env.XZ_ADMIN_PASSWORD ?? "admin";

/** adminCredentials is the administrator's username and current password. */
export function adminCredentials() {
  return { username: adminName, password: adminPassword };
}

/** adminPasswordChanged records the administrator's new password (after a spec changed it). */
export function adminPasswordChanged(password) {
  adminPassword = password;
}

/** encrypt encrypts text under the server's public key, as the console does (RSA-OAEP-SHA256, base64). */
export async function encrypt(ctx, text) {
  const body = await (await ctx.api("/api/system/publicKey")).json();
  const b64 = String(body.data)
    .replace(/-----[^-]+-----/g, "")
    .replace(/\s+/g, "");
  const key = await crypto.subtle.importKey("spki", Buffer.from(b64, "base64"), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  const cipher = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(text));
  return Buffer.from(cipher).toString("base64");
}

/** apiJSON calls the API with a bearer token and returns { status, body }. */
export async function apiJSON(ctx, path, { token, method = "GET", body } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await ctx.api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** apiLogin signs in through the API and returns the login data ({ token, mustChangePassword, user }). */
export async function apiLogin(ctx, username, password) {
  const res = await apiJSON(ctx, "/api/system/login", { method: "POST", body: { username, password: await encrypt(ctx, password) } });
  assert.equal(res.status, 200, `login ${username}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** apiChangePassword changes a user's password through the API and returns the new token. */
export async function apiChangePassword(ctx, token, username, oldPassword, newPassword) {
  const res = await apiJSON(ctx, "/api/system/cscpUserPassword", {
    token,
    method: "PUT",
    body: { userName: username, oldPassword: await encrypt(ctx, oldPassword), newPassword: await encrypt(ctx, newPassword) },
  });
  assert.equal(res.status, 200, `change password of ${username}: ${JSON.stringify(res.body)}`);
  const data = res.body.data;
  return typeof data === "string" ? data : data.token;
}

/** newPassword makes a password the policy accepts (8–20 characters, lower, upper, digit, special). */
export function newPassword() {
  return `Xz-${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}-eE`;
}

/** adminToken signs the administrator in through the API, changing a forced initial password first. */
export async function adminToken(ctx) {
  const data = await apiLogin(ctx, adminName, adminPassword);
  if (!data.mustChangePassword) return data.token;
  const next = newPassword();
  const token = await apiChangePassword(ctx, data.token, adminName, adminPassword, next);
  adminPassword = next;
  return token;
}

/** signIn fills the login form and submits it. */
export async function signIn(page, username, password) {
  await page.goto("/login");
  await (await visible(page.getByRole("textbox", { name: "用户名" }))).fill(username);
  await page.getByLabel("密码").fill(password);
  await page.getByRole("button", { name: /登\s*录/ }).click();
}

/** signInAdmin signs the administrator in through the login page and waits for the workbench. */
export async function signInAdmin(ctx) {
  await adminToken(ctx); // makes sure no forced change is pending
  await signIn(ctx.page, adminName, adminPassword);
  await urlIs(ctx.page, "/workbench", 30_000);
}

/**
 * withRepairWalk runs a walk through the console (the keyboard and narrow-screen specs): it creates the 报修工单
 * the walk's status action acts on (order number `<prefix>-<suffix>`), runs walk({ token, orderId, made }), and
 * afterwards removes the order and the 发布类型 the walk created (the walk sets made.typeId), whatever happened.
 */
export async function withRepairWalk(ctx, prefix, suffix, walk) {
  const token = await adminToken(ctx);
  const order = await apiJSON(ctx, "/ecologicallylivable/api/csgmRepairOrder", {
    token,
    method: "POST",
    body: { orderNo: `${prefix}-${suffix}`, objectType: 5, faultType: "6", faultDesc: "路灯不亮", faultLocation: "村口", reporterName: "张三", reporterPhone: "13800138000", reportTime: "2026-01-02 10:00:00" },
  });
  assert.equal(order.status, 200, JSON.stringify(order.body));
  const orderId = order.body.data.id;
  const made = {};
  try {
    await walk({ token, orderId, made });
  } finally {
    await apiJSON(ctx, `/ecologicallylivable/api/csgmRepairOrder/${orderId}`, { token, method: "DELETE" });
    if (made.typeId) await apiJSON(ctx, `/cms/api/cmsPublishTypes/${made.typeId}`, { token, method: "DELETE" });
  }
}
