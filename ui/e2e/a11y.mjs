// axe-core in the e2e specs (issue 19): inject the library into the page and run the WCAG 2 A and AA rules;
// a finding counts when its impact is serious or critical.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** settle waits for the page to stop loading and for antd's motion to finish (axe reads computed colours). */
export async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active, [class*='-motion-'][class*='-active']"), null, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(400); // antd's enter animations (fade/zoom) run ~300 ms; contrast is read mid-fade otherwise
}

/** axeFindings runs axe on the page (or a selector) and answers the serious and critical violations. */
export async function axeFindings(page, include) {
  await settle(page);
  const present = await page.evaluate(() => typeof window.axe !== "undefined");
  // The console's CSP refuses inline scripts; DevTools evaluation is not subject to it.
  if (!present) await page.evaluate(axeSource);
  const result = await page.evaluate(
    async ({ tags, include }) => {
      const r = await window.axe.run(include ? { include: [include] } : document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 160), summary: (n.failureSummary ?? "").split("\n").slice(0, 3).join(" ") })),
      }));
    },
    { tags: TAGS, include },
  );
  return result.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** describe formats findings for an assertion message. */
export function describe(label, findings) {
  return findings
    .map((v) => `[${label}] ${v.impact} ${v.id} (${v.help}) ×${v.nodes.length}\n${v.nodes.slice(0, 4).map((n) => `    ${n.target} ${n.html} — ${n.summary}`).join("\n")}`)
    .join("\n");
}

/** Audit collects findings over several screens, so one run reports them all. */
export class Audit {
  constructor(page) {
    this.page = page;
    this.report = [];
    this.count = 0;
    this.screens = 0;
  }

  async check(label, include) {
    const findings = await axeFindings(this.page, include);
    this.screens++;
    if (findings.length) {
      this.count += findings.reduce((n, v) => n + v.nodes.length, 0);
      this.report.push(describe(label, findings));
    }
    return findings;
  }

  message() {
    return `${this.count} serious or critical accessibility findings on ${this.screens} screens:\n${this.report.join("\n")}`;
  }
}
