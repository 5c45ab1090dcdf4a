// E2E runner: starts the real binary (XZ_BIN, default ../bin/xiangzhi — this script builds nothing) on a
// free loopback port with a fresh temporary XZ_DATA_DIR, waits for /healthz, drives Debian's Chromium
// through playwright-core over every e2e/specs/*.spec.mjs, saves screenshots under e2e/screenshots/, and
// stops the binary. Prints "N passed, N failed, N skipped" and exits non-zero on any failure.
//
// Environment:
//   XZ_BIN           the server binary (default ../bin/xiangzhi, relative to ui/)
//   XZ_ARGS          extra arguments for it, space-separated (default: none, i.e. `serve`)
//   CHROMIUM         the browser (default /usr/bin/chromium)
//   E2E_ONLY         run only specs whose file name contains this text (several: comma-separated)
//   XZ_ADMIN_PASSWORD the seeded administrator's initial password; when unset the runner makes one per run
//                    (policy: 8–20 characters, three of lower/upper/digit/special) and hands it to the
//                    binary and to the specs

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { freePort, listened } from "./ports.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const uiDir = resolve(here, "..");
const bin = resolve(uiDir, process.env.XZ_BIN ?? "../bin/xiangzhi");
const browserPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const shots = join(here, "screenshots");

async function waitForHealth(base, child, listening, deadlineMs) {
  const until = Date.now() + deadlineMs;
  let ours = false;
  void listening.then(() => (ours = true));
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before /healthz answered`);
    if (!ours) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`/healthz did not answer within ${deadlineMs} ms`);
}

function stop(child) {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(kill);
      done();
    });
    child.kill("SIGTERM");
  });
}

class Skip extends Error {}

// The spec files share one seeded administrator; the forced password change must meet its initial
// password, so the login specs run before every other file whatever the other files are named.
const firstFiles = ["login-page.spec.mjs", "login-password-change.spec.mjs"];
const runsFirst = (f) => (firstFiles.includes(f) ? firstFiles.length - firstFiles.indexOf(f) : 0);

async function loadSpecs() {
  const files = readdirSync(join(here, "specs"))
    .filter((f) => f.endsWith(".spec.mjs"))
    .filter((f) => !process.env.E2E_ONLY || process.env.E2E_ONLY.split(",").some((part) => f.includes(part.trim())))
    .sort((a, b) => runsFirst(b) - runsFirst(a) || a.localeCompare(b));
  const specs = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(join(here, "specs", f)).href);
    for (const spec of [mod.default].flat()) specs.push({ file: f, ...spec });
  }
  return specs;
}

async function main() {
  if (!existsSync(bin)) {
    console.error(`e2e: no server binary at ${bin} (build it first, or set XZ_BIN)`);
    process.exit(2);
  }
  if (!existsSync(browserPath)) {
    console.error(`e2e: no Chromium at ${browserPath} (apt-get install -y chromium, or set CHROMIUM)`);
    process.exit(2);
  }
  mkdirSync(shots, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "xz-e2e-"));
  const dataDir = join(work, "data");
  mkdirSync(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logPath = join(work, "server.log");
  const log = createWriteStream(logPath);
  const args = (process.env.XZ_ARGS ?? "").split(" ").filter(Boolean);
  process.env.XZ_ADMIN_PASSWORD ??= `Init-${randomBytes(4).toString("hex")}-e2E`;
  const child = spawn(bin, args, {
    env: { ...process.env, XZ_ADDR: `127.0.0.1:${port}`, XZ_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const listening = listened(child, `127.0.0.1:${port}`);

  let failed = 0;
  let passed = 0;
  let skipped = 0;
  // The failures again after the server log, so that the end of the output (all a CI summary may keep) names them.
  const failures = [];
  let browser;
  try {
    await waitForHealth(base, child, listening, 60_000);
    browser = await chromium.launchPersistentContext(join(work, "chromium-profile"), {
      executablePath: browserPath,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1366, height: 768 },
      locale: "zh-CN",
      baseURL: base,
      // The console turns antd's motion off for a system that asks for reduced motion (src/app/theme.ts):
      // menus, dialogs and dropdowns then open at once, so no click lands on something still sliding in.
      reducedMotion: "reduce",
    });
    for (const spec of await loadSpecs()) {
      const page = await browser.newPage();
      // Specs share the browser profile; each starts signed out, in the default locale.
      await page.goto("/404");
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      const ctx = {
        base,
        page,
        screenshot: (name) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true }),
        skip: (reason) => {
          throw new Skip(reason);
        },
        api: (path, init) => fetch(`${base}${path}`, init),
      };
      const started = Date.now();
      try {
        await spec.run(ctx);
        passed++;
        console.log(`✓ ${spec.name} (${Date.now() - started} ms)`);
      } catch (err) {
        if (err instanceof Skip) {
          skipped++;
          console.log(`- ${spec.name}: skipped — ${err.message}`);
        } else {
          failed++;
          const why = err instanceof Error ? (err.stack ?? err.message) : String(err);
          failures.push(`✗ ${spec.file}: ${spec.name}\n  ${why.split("\n").slice(0, 6).join("\n  ")}`);
          console.log(`✗ ${spec.name}\n  ${why}`);
          await page.screenshot({ path: join(shots, `FAILED-${spec.file.replace(/\.spec\.mjs$/, "")}.png`), fullPage: true }).catch(() => undefined);
        }
      } finally {
        await page.close().catch(() => undefined);
      }
    }
  } catch (err) {
    failed++;
    failures.push(`e2e: ${err instanceof Error ? err.message : String(err)}`);
    console.error(failures.at(-1));
  } finally {
    await browser?.close().catch(() => undefined);
    await stop(child);
    log.end();
  }
  if (failed) {
    console.error(`server log (${logPath}), last lines:\n${readFileSync(logPath, "utf8").split("\n").slice(-40).join("\n")}`);
    console.error(`failed:\n${failures.join("\n")}`);
  } else {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed ? 1 : 0);
}

await main();
