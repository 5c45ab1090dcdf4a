// The console's session for a benchmark script, made through the API as the login page makes it: the password
// encrypted under the server's public key (RSA-OAEP-SHA256, base64), the answer shaped as the console persists
// it in localStorage["xz.session"] (src/stores/useSessionStore.ts). Used by lighthouse.mjs and list-render.mjs.

async function encrypt(base, text) {
  const body = await (await fetch(`${base}/api/system/publicKey`)).json();
  const b64 = String(body.data)
    .replace(/-----[^-]+-----/g, "")
    .replace(/\s+/g, "");
  const key = await crypto.subtle.importKey("spki", Buffer.from(b64, "base64"), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  return Buffer.from(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(text))).toString("base64");
}

/** signIn answers the persisted session of user on the server at base. */
export async function signIn(base, { user, password, tenant }) {
  const res = await fetch(`${base}/api/system/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: user, password: await encrypt(base, password), tenantCode: tenant ?? "" }),
  });
  const body = await res.json().catch(() => null);
  if (res.status !== 200 || !body?.data?.token) throw new Error(`sign in ${user}: ${res.status} ${JSON.stringify(body)}`);
  if (body.data.mustChangePassword) throw new Error(`${user} must change the password first: sign in once in the console`);
  return { state: { token: body.data.token, user: body.data.user ?? null, mustChangePassword: false }, version: 0 };
}

/**
 * commandLine splits a benchmark script's arguments: `--name=value` options (a bare `--name` is ""), the
 * positional ones, and the first positional as the server's base address (default http://127.0.0.1:8080,
 * without a trailing slash).
 */
export function commandLine(args) {
  const options = Object.fromEntries(
    args
      .filter((a) => a.startsWith("--"))
      .map((a) => {
        const [k, ...v] = a.slice(2).split("=");
        return [k, v.join("=")];
      }),
  );
  const positional = args.filter((a) => !a.startsWith("--"));
  return { options, positional, base: (positional[0] ?? "http://127.0.0.1:8080").replace(/\/$/, "") };
}
