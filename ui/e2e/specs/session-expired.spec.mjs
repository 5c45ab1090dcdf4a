// An expired session (spec §2): when the stored token is no longer valid, the next load of the console
// goes back to /login and says 身份认证信息已失效，请重新登录。
import { signInAdmin, urlIs, visible } from "../lib.mjs";

export default [
  {
    name: "a corrupted stored token sends the user back to the login page with the expiry message",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await signInAdmin(ctx);
      await page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem("xz.session") ?? "{}");
        stored.state = { ...stored.state, token: `${stored.state?.token ?? "x"}corrupted` };
        localStorage.setItem("xz.session", JSON.stringify(stored));
      });
      await page.reload();
      await urlIs(page, "/login", 30_000);
      await visible(page.getByText("身份认证信息已失效，请重新登录。"));
      await screenshot("session-expired");
    },
  },
];
