import { beforeEach, describe, expect, it } from "vitest";
import { server } from "../test/server";
import { fail, http, makeToken, ok, signIn } from "../test/helpers";
import { decrypt, keyPair } from "../test/rsa";
import { authProvider, clearSession } from "./authProvider";
import { connectToken } from "../api/http";
import { getToken, useSessionStore } from "../stores/useSessionStore";
import { useTabsStore } from "../stores/useTabsStore";
import { CN } from "../test/chinese";

async function serveKey() {
  const { pem, privateKey } = await keyPair();
  server.use(http.get("/api/system/publicKey", () => ok(pem)));
  return privateKey;
}

describe("authProvider", () => {
  beforeEach(() => {
    connectToken(getToken);
    clearSession();
  });

  it("login encrypts the password with the server's key and stores token and user", async () => {
    const privateKey = await serveKey();
    const token = makeToken({ auth: "dataStatistics" });
    let sent: { username: string; password: string } | null = null;
    server.use(
      http.post("/api/system/login", async ({ request }) => {
        sent = (await request.json()) as { username: string; password: string };
        return ok({ token, mustChangePassword: false, user: { userId: 1, username: "admin", familyName: CN.zhang, name: CN.three } });
      }),
    );
    const res = await authProvider.login({ username: " admin ", password: "S3cret!x" });
    expect(res).toEqual({ success: true, redirectTo: "/" });
    expect(sent).not.toBeNull();
    const body = sent as unknown as { username: string; password: string };
    expect(body.username).toBe("admin");
    expect(body.password).not.toContain("S3cret");
    expect(await decrypt(privateKey, body.password)).toBe("S3cret!x");
    expect(useSessionStore.getState()).toMatchObject({ token, user: { username: "admin" }, mustChangePassword: false });
    expect(JSON.parse(localStorage.getItem("xz.session") ?? "{}").state.token).toBe(token);
  });

  it("mustChangePassword sends the user to the precheck page, and check keeps them out of the shell", async () => {
    await serveKey();
    server.use(http.post("/api/system/login", () => ok({ token: makeToken({}), mustChangePassword: true, user: { userId: 1, username: "admin" } })));
    expect(await authProvider.login({ username: "admin", password: "123456" })).toEqual({ success: true, redirectTo: "/update-password-precheck" });
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: "/update-password-precheck" });
  });

  it("a refused login reports failure and stores nothing", async () => {
    await serveKey();
    server.use(http.post("/api/system/login", () => fail(401, CN.badCredentials)));
    const res = await authProvider.login({ username: "admin", password: "bad" });
    expect(res.success).toBe(false);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it("updatePassword sends both passwords encrypted and keeps the new token", async () => {
    const privateKey = await serveKey();
    signIn({ mustChangePassword: true });
    const fresh = makeToken({ sub: "1", auth: "" });
    let body: Record<string, string> = {};
    server.use(
      http.post("/api/system/cscpUserPassword", async ({ request }) => {
        expect(new URL(request.url).searchParams.get("_method")).toBe("PUT");
        body = (await request.json()) as Record<string, string>;
        return ok({ token: fresh });
      }),
    );
    const res = await authProvider.updatePassword?.({ oldPassword: "123456", newPassword: "N3w-passw0rd" });
    expect(res).toEqual({ success: true, redirectTo: "/" });
    expect(body.userName).toBe("admin");
    expect(await decrypt(privateKey, body.oldPassword)).toBe("123456");
    expect(await decrypt(privateKey, body.newPassword)).toBe("N3w-passw0rd");
    expect(useSessionStore.getState()).toMatchObject({ token: fresh, mustChangePassword: false });
  });

  it("logout tells the server and clears menus, codes, user, token and session storage", async () => {
    signIn({ buttonCodes: ["a.add"], modules: [{ name: "m", title: "M", api: "/m", permission: "m" }] });
    useTabsStore.getState().tabOpened("/m/m", "/m/m?page=1");
    sessionStorage.setItem("other", "x");
    let called = false;
    server.use(http.post("/api/system/logout", () => ((called = true), ok(null))));
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: "/login" });
    expect(called).toBe(true);
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, menus: [], buttonCodes: [], modules: [], loaded: false });
    expect(sessionStorage.length).toBe(0);
    expect(useTabsStore.getState().tabs).toEqual([{ key: "/workbench", to: "/workbench" }]);
  });

  it("check: no token or an expired one means login", async () => {
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: "/login" });
    useSessionStore.getState().loggedIn(makeToken({ exp: 1 }), null, false);
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: "/login" });
    expect(useSessionStore.getState().token).toBeNull();
    signIn();
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });
});
