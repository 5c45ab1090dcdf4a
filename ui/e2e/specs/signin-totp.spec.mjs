// Two-factor sign-in (issue 17): a user of this run turns it on from the profile page (the code is computed
// here from the secret the page shows, as an authenticator app would), sees the recovery codes once, signs
// out, and signs in again: after the password the login page asks for the code; a wrong code is refused
// with 动态验证码错误, the right one opens the console.
import { createHmac } from "node:crypto";
import { adminToken, apiChangePassword, apiLogin, assert, newPassword, signIn, urlIs, visible } from "../lib.mjs";
import { createUser, placement } from "../users-lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const btn = (scope, text) => scope.getByRole("button", { name: new RegExp(text.split("").join("\\s*")) });

/** base32 decodes an unpadded RFC 4648 base32 string. */
function base32(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of text.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** totp is the RFC 6238 code (HMAC-SHA1, 30 s, 6 digits) of secret, stepsAhead steps from now. */
function totp(secret, stepsAhead = 0) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + stepsAhead));
  const mac = createHmac("sha1", base32(secret)).update(counter).digest();
  const off = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

export default [
  {
    name: "turn two-factor sign-in on from the profile, sign out, sign in with the code",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const username = `tf${suffix}`;
      const admin = await adminToken(ctx);
      const created = await createUser(ctx, admin, await placement(ctx, admin), { username });
      const first = await apiLogin(ctx, username, created.initialPassword);
      const password = newPassword();
      await apiChangePassword(ctx, first.token, username, created.initialPassword, password);
      await signIn(page, username, password);
      await urlIs(page, "/workbench", 30_000);

      await page.goto("/self-edit");
      const card = page.getByLabel("两步验证", { exact: true });
      await (await visible(btn(card, "启用两步验证"))).click();
      const secret = (await (await visible(page.getByTestId("totp-secret"))).textContent()).trim();
      assert.match(secret, /^[A-Z2-7]{32}$/, "the page shows the base32 secret");
      await visible(page.getByRole("img", { name: "两步验证二维码" }));
      await screenshot("totp-enrol");
      await page.getByLabel("动态验证码", { exact: true }).fill(totp(secret));
      await btn(card, "确认启用").click();
      const codes = await (await visible(page.getByTestId("recovery-codes"))).locator("li").allTextContents();
      assert.equal(codes.length, 10, "ten recovery codes are shown once");
      await visible(card.getByText("已启用", { exact: true }));
      await screenshot("totp-enabled");

      await page.mouse.move(0, 0);
      await (await visible(page.locator(".ant-layout-header").getByText("测试", { exact: true }))).hover();
      await (await visible(page.getByText("退出登录"))).click();
      await urlIs(page, "/login");

      await signIn(page, username, password);
      const code = await visible(page.getByLabel("动态验证码", { exact: true }));
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("xz.session") ?? "{}")?.state?.token ?? null), null,
        "the password alone signs nobody in");
      const wrong = totp(secret) === "000000" ? "111111" : "000000";
      await code.fill(wrong);
      await btn(page, "验证").click();
      await visible(page.getByRole("alert").getByText("动态验证码错误"));
      await screenshot("totp-wrong-code");
      // The code of the confirmation was spent; the next step's code is within the allowed drift.
      await page.getByLabel("动态验证码", { exact: true }).fill(totp(secret, 1));
      await btn(page, "验证").click();
      await urlIs(page, "/workbench", 30_000);
    },
  },
];
